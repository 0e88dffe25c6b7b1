//! What a module may take: its size, its memory, its answers, its compile time.

/// The bounds every module runs under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest module accepted, in bytes.
    pub module_bytes: usize,
    /// The most linear memory one seat's instance may grow to, in bytes.
    pub memory_bytes: usize,
    /// The longest answer accepted, in bytes.
    pub answer_bytes: usize,
}

impl Default for Limits {
    /// 64 MiB modules, 256 MiB of memory a seat, 64 KiB answers (an HTTP bot's limit).
    fn default() -> Limits {
        Limits {
            module_bytes: 64 << 20,
            memory_bytes: 256 << 20,
            answer_bytes: 64 << 10,
        }
    }
}
