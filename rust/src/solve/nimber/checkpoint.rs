//! The checkpoint file of a long nimber search: where and how often it is written, its first line,
//! and the checksum that ends it.

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Where and how often a search writes its checkpoint.
pub struct Checkpoint {
    pub path: PathBuf,
    /// The first line of the file: what was being solved.
    pub tag: String,
    pub every: Duration,
    /// Components smaller than this are left out (they are quick to find again).
    pub min_size: u32,
    pub(super) last: Instant,
}

impl Checkpoint {
    pub fn new(path: PathBuf, tag: String, every: Duration, min_size: u32) -> Checkpoint {
        Checkpoint {
            path,
            tag,
            every,
            min_size,
            last: Instant::now(),
        }
    }
}

/// A checkpoint: this line, the tag's line, the budget of the round the top was in (8 bytes,
/// little-endian), the number of nimbers (8 bytes, little-endian), the nimbers (a key and a byte each), the bounds (a key and a squeezed set of 8 bytes each), and last
/// the [`checksum`] of all that (8 bytes, little-endian).
pub(super) const MAGIC: &[u8] = b"cgt nimber checkpoint 5\n";

/// The 64-bit FNV-1a hash of `bytes`: a checkpoint altered or cut short is refused, not read as
/// wrong nimbers.
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
