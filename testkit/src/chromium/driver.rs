//! chromedriver as a child process on a free loopback port, ended (with its Chromium) when
//! dropped.

use std::fs::File;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::START_TIMEOUT;
use super::programs::chromedriver;

/// chromedriver as a child process, with the temporary folder of its log and Chromium's
/// profile. Dropping it ends the browser session (if one is still open), kills chromedriver and
/// removes the folder, whether the test passed or panicked.
pub(super) struct Driver {
    child: Child,
    pub(super) port: u16,
    pub(super) dir: PathBuf,
    pub(super) session: Option<String>,
}

impl Driver {
    /// Starts chromedriver on a free loopback port and waits until it listens.
    pub(super) fn start() -> Driver {
        let chromedriver = chromedriver();
        let dir =
            std::env::temp_dir().join(format!("cardarena-webdriver-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(dir.join("profile")).expect("a temporary Chromium profile");
        let log = File::create(dir.join("chromedriver.log")).expect("chromedriver's log file");
        let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
            .and_then(|listener| listener.local_addr())
            .expect("a free loopback port")
            .port();
        let child = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("chromedriver's log file"))
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("{} does not start: {e}", chromedriver.display()));
        let mut driver = Driver {
            child,
            port,
            dir,
            session: None,
        };
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let start = Instant::now();
        while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
            if let Ok(Some(status)) = driver.child.try_wait() {
                panic!(
                    "chromedriver exited ({status}) before listening on port {port}:\n{}",
                    driver.log()
                );
            }
            assert!(
                start.elapsed() < START_TIMEOUT,
                "chromedriver not listening on port {port} after {START_TIMEOUT:?}:\n{}",
                driver.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }

    /// What chromedriver has written so far.
    pub(super) fn log(&self) -> String {
        std::fs::read_to_string(self.dir.join("chromedriver.log")).unwrap_or_default()
    }

    /// Ends the session `id` with a plain `DELETE /session/{id}`: chromedriver then quits
    /// Chromium, which killing chromedriver alone would leave running. Best effort.
    pub(super) fn delete_session(&self, id: &str) {
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, self.port));
        let Ok(mut stream) = TcpStream::connect_timeout(&addr, Duration::from_secs(2)) else {
            return;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(20)));
        let _ = stream.set_write_timeout(Some(Duration::from_secs(2)));
        let request = format!(
            "DELETE /session/{id} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Length: 0\r\n\
             Connection: close\r\n\r\n",
            self.port
        );
        if stream.write_all(request.as_bytes()).is_ok() {
            // The answer comes once Chromium has quit.
            let _ = stream.read_to_end(&mut Vec::new());
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        if let Some(id) = self.session.take() {
            self.delete_session(&id);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        // Best effort: Chromium may still be writing to its profile as it exits.
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
