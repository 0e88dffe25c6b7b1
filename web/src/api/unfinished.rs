//! A dial-out connection's bytes from the bot, followed frame by frame (RFC 6455, section 5.2)
//! on their way to the WebSocket library, so that a frame, or a message sent in fragments, left
//! unfinished for [`FRAME_DEADLINE`] fails the read and closes the connection: a bot cannot make
//! the server hold a partial message for as long as it likes (docs/protocol.md, "Dial-out bots").

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// How long a frame, or a fragmented message, may take to arrive whole.
pub const FRAME_DEADLINE: Duration = Duration::from_secs(5);

/// Where the reader is in the bot's frames.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct Frames {
    /// The header bytes of the frame being read (at most 14), and how many there are.
    head: [u8; 14],
    have: usize,
    /// The payload bytes still to come of the frame whose header is read.
    left: u64,
    /// Whether a data frame without FIN started a message that is not over.
    in_message: bool,
}

impl Frames {
    /// Follows `bytes`, the next ones read; whether a message ended among them.
    fn follow(&mut self, mut bytes: &[u8]) -> bool {
        let mut ended = false;
        while !bytes.is_empty() {
            if self.left > 0 {
                let n = (self.left.min(bytes.len() as u64)) as usize;
                self.left -= n as u64;
                bytes = &bytes[n..];
                ended |= !self.unfinished();
                continue;
            }
            self.head[self.have] = bytes[0];
            self.have += 1;
            bytes = &bytes[1..];
            if let Some(payload) = self.header_done() {
                let (fin, opcode) = (self.head[0] & 0x80 != 0, self.head[0] & 0x0f);
                if opcode & 0x08 == 0 {
                    // A data frame (text, binary, continuation): the message ends at FIN.
                    self.in_message = !fin;
                }
                self.have = 0;
                self.left = payload;
                ended |= !self.unfinished();
            }
        }
        ended
    }

    /// The payload length once the header is whole.
    fn header_done(&self) -> Option<u64> {
        if self.have < 2 {
            return None;
        }
        let masked = self.head[1] & 0x80 != 0;
        let (extra, len) = match self.head[1] & 0x7f {
            126 => (2, None),
            127 => (8, None),
            n => (0, Some(u64::from(n))),
        };
        let needed = 2 + extra + if masked { 4 } else { 0 };
        if self.have < needed {
            return None;
        }
        Some(len.unwrap_or_else(|| {
            self.head[2..2 + extra]
                .iter()
                .fold(0u64, |n, b| (n << 8) | u64::from(*b))
        }))
    }

    /// Whether a frame or a message has begun and not ended.
    fn unfinished(&self) -> bool {
        self.have > 0 || self.left > 0 || self.in_message
    }
}

/// An IO whose reads fail with `TimedOut` once a frame has stayed unfinished past
/// [`FRAME_DEADLINE`].
pub struct Unfinished<T> {
    io: T,
    frames: Frames,
    /// Armed while a frame or message is unfinished.
    deadline: Option<Pin<Box<Sleep>>>,
}

impl<T> Unfinished<T> {
    /// Follows the frames read from `io`.
    pub fn new(io: T) -> Unfinished<T> {
        Unfinished {
            io,
            frames: Frames::default(),
            deadline: None,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for Unfinished<T> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.io).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = &read {
            let ended = this.frames.follow(&buf.filled()[before..]);
            // The clock runs from the first byte of the oldest message not over.
            match (this.frames.unfinished(), this.deadline.is_some()) {
                (true, armed) if ended || !armed => {
                    let sleep = tokio::time::sleep_until(Instant::now() + FRAME_DEADLINE);
                    this.deadline = Some(Box::pin(sleep));
                }
                (false, _) => this.deadline = None,
                _ => {}
            }
            if buf.filled().len() > before {
                return read;
            }
        }
        if let Some(deadline) = &mut this.deadline
            && deadline.as_mut().poll(cx).is_ready()
        {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("a frame unfinished for {} s", FRAME_DEADLINE.as_secs()),
            )));
        }
        read
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for Unfinished<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A masked client frame of `payload` bytes: FIN as given, opcode `opcode`.
    fn frame(fin: bool, opcode: u8, payload: usize) -> Vec<u8> {
        let mut bytes = vec![if fin { 0x80 } else { 0 } | opcode];
        match payload {
            0..=125 => bytes.push(0x80 | payload as u8),
            126..=65535 => {
                bytes.push(0x80 | 126);
                bytes.extend((payload as u16).to_be_bytes());
            }
            _ => {
                bytes.push(0x80 | 127);
                bytes.extend((payload as u64).to_be_bytes());
            }
        }
        bytes.extend([1, 2, 3, 4]);
        bytes.extend(vec![b'x'; payload]);
        bytes
    }

    #[test]
    fn whole_frames_leave_nothing_unfinished_whatever_the_pieces() {
        let mut stream = frame(true, 1, 5);
        stream.extend(frame(true, 9, 0));
        stream.extend(frame(true, 2, 300));
        stream.extend(frame(true, 1, 70_000));
        for piece in [1, 3, 7, 1000, stream.len()] {
            let mut frames = Frames::default();
            let mut ends = 0;
            for bytes in stream.chunks(piece) {
                ends += usize::from(frames.follow(bytes));
            }
            assert!(!frames.unfinished(), "in pieces of {piece}");
            assert!(ends >= 1, "in pieces of {piece}");
        }
    }

    #[test]
    fn a_partial_header_payload_or_message_is_unfinished() {
        let whole = frame(true, 1, 300);
        for cut in [1, 2, 5, 8, whole.len() - 1] {
            let mut frames = Frames::default();
            frames.follow(&whole[..cut]);
            assert!(frames.unfinished(), "cut at {cut}");
            frames.follow(&whole[cut..]);
            assert!(!frames.unfinished(), "completed after {cut}");
        }
        // A message in fragments, a ping between them: unfinished until the FIN continuation.
        let mut frames = Frames::default();
        frames.follow(&frame(false, 1, 10));
        assert!(frames.unfinished());
        frames.follow(&frame(true, 9, 0));
        assert!(
            frames.unfinished(),
            "a control frame does not end a message"
        );
        frames.follow(&frame(false, 0, 10));
        assert!(frames.unfinished());
        frames.follow(&frame(true, 0, 10));
        assert!(!frames.unfinished());
    }
}
