//! The checkpoint file of a long nimber search: where and how often it is written, what it holds
//! (the large components' nimbers and bounds, and the top's candidate and round), and the checksum
//! that ends it.

use super::{Impartial, NimSearch, Stop};
use std::fs;
use std::io::Write;
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

/// A checkpoint: this line, the tag's line, the top's candidate and the budget of the round it
/// was asked in (8 bytes each, little-endian), the number of nimbers (8 bytes, little-endian), the
/// nimbers (a key and a byte each), the bounds (a key and a squeezed set of 8 bytes each), and last
/// the [`checksum`] of all that (8 bytes, little-endian).
pub(super) const MAGIC: &[u8] = b"cgt nimber checkpoint 5\n";

/// The 64-bit FNV-1a hash of `bytes`: a checkpoint altered or cut short is refused, not read as
/// wrong nimbers.
pub(super) fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl<G: Impartial> NimSearch<G> {
    /// The budget of the first round of asking the top's options about `candidate`: a resumed
    /// search's round for the candidate it had reached.
    pub(super) fn first_budget(&self, candidate: u32) -> u64 {
        match self.resume {
            Some((resumed, round)) if resumed == candidate => round,
            _ => self.first_round,
        }
    }

    /// The top's candidate and round, for a checkpoint: those of a resumed search until the
    /// search is back at its candidate.
    pub(super) fn round_reached(&self) -> (u32, u64) {
        match (self.top, self.resume) {
            (Some(top), Some(resumed)) if top.0 >= resumed.0 => top,
            (_, Some(resumed)) => resumed,
            (top, None) => top.unwrap_or((0, self.first_round)),
        }
    }

    /// Write the checkpoint: the nimbers and bounds of the components at least `min_size`
    /// large, to a new file then moved over the old one (a kill never leaves half a file).
    pub fn save(&mut self) -> Result<(), Stop> {
        let (candidate, round) = self.round_reached();
        let Some(checkpoint) = self.checkpoint.as_mut() else {
            return Ok(());
        };
        if G::KEY_BYTES == 0 {
            return Err(Stop::Invalid(
                "this ruleset's nimber search keeps no checkpoints",
            ));
        }
        let (game, min_size) = (&self.game, checkpoint.min_size);
        let large = |component: &&G::Component| game.size(component) >= min_size;
        let mut bytes = Vec::from(MAGIC);
        bytes.extend(checkpoint.tag.replace('\n', " ").bytes());
        bytes.push(b'\n');
        bytes.extend(u64::from(candidate).to_le_bytes());
        bytes.extend(round.to_le_bytes());
        let count = self.table.keys().filter(large).count() as u64;
        bytes.extend(count.to_le_bytes());
        for (component, &v) in self.table.iter().filter(|(c, _)| large(c)) {
            game.write_key(component, &mut bytes);
            bytes.push(v);
        }
        for (component, &bound) in self.bounds.iter().filter(|(c, _)| large(c)) {
            game.write_key(component, &mut bytes);
            bytes.extend(bound.to_le_bytes());
        }
        bytes.extend(checksum(&bytes).to_le_bytes());
        let mut partial = checkpoint.path.clone().into_os_string();
        partial.push(".partial");
        let written = fs::File::create(&partial)
            .and_then(|mut file| file.write_all(&bytes).and_then(|()| file.sync_all()))
            .and_then(|()| fs::rename(&partial, &checkpoint.path));
        checkpoint.last = Instant::now();
        written.map_err(|_| Stop::Invalid("the checkpoint file could not be written"))
    }

    /// How many options `component` has (the first one generated tells).
    fn option_count(&self, component: &G::Component) -> u32 {
        let (mut parts, mut ends, mut count) = (Vec::new(), Vec::new(), 0);
        self.game
            .options(component, &mut parts, &mut ends, &mut |n, _| {
                count = n;
                false
            });
        u32::try_from(count).unwrap_or(u32::MAX)
    }

    /// Read a checkpoint written for `tag` into the table and the bounds, and ask the top's
    /// candidate it had reached from the round it had reached; how many nimbers and bounds it
    /// held.  A nimber larger
    /// than its component's number of options, a bound that leaves no value, or a round of no
    /// budget is refused: such a file was not written by a search.
    pub fn load(&mut self, bytes: &[u8], tag: &str) -> Result<(usize, usize), &'static str> {
        let body = bytes
            .strip_prefix(MAGIC)
            .ok_or("not a checkpoint of this version of cgt's nimber search")?;
        let cut_short = "a checkpoint cut short or altered (its checksum does not match)";
        let (body, sum) = body.split_last_chunk::<8>().ok_or(cut_short)?;
        if checksum(&bytes[..bytes.len() - 8]) != u64::from_le_bytes(*sum) {
            return Err(cut_short);
        }
        let line = body
            .iter()
            .position(|&b| b == b'\n')
            .ok_or("a checkpoint without its header")?;
        if body[..line] != *tag.replace('\n', " ").as_bytes() {
            return Err("a checkpoint of another search (its header names another position)");
        }
        let (candidate, rest) = body[line + 1..].split_first_chunk().ok_or(cut_short)?;
        let (round, rest) = rest.split_first_chunk().ok_or(cut_short)?;
        let (count, entries) = rest.split_first_chunk().ok_or(cut_short)?;
        let (round, count) = (u64::from_le_bytes(*round), u64::from_le_bytes(*count));
        let candidate = u32::try_from(u64::from_le_bytes(*candidate))
            .map_err(|_| "a checkpoint with a malformed entry")?;
        let nimbers_end = usize::try_from(count)
            .ok()
            .and_then(|count| count.checked_mul(G::KEY_BYTES + 1))
            .filter(|&end| end <= entries.len())
            .ok_or(cut_short)?;
        let (nimbers, bounds) = entries.split_at(nimbers_end);
        if bounds.len() % (G::KEY_BYTES + 8) != 0 {
            return Err(cut_short);
        }
        let key = |entry: &[u8]| {
            self.game
                .read_key(&entry[..G::KEY_BYTES])
                .ok_or("a checkpoint with a malformed entry")
        };
        let nimbers = nimbers
            .chunks_exact(G::KEY_BYTES + 1)
            .map(|entry| Ok((key(entry)?, entry[G::KEY_BYTES])))
            .collect::<Result<Vec<_>, _>>()?;
        let impossible = "a checkpoint with a nimber its component cannot have";
        if nimbers
            .iter()
            .any(|(c, v)| u32::from(*v) > self.option_count(c))
        {
            return Err(impossible);
        }
        let bounds = bounds
            .chunks_exact(G::KEY_BYTES + 8)
            .map(|entry| {
                let bound = entry[G::KEY_BYTES..].try_into().map_err(|_| cut_short)?;
                Ok((key(entry)?, u64::from_le_bytes(bound)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if bounds.iter().any(|&(_, bound)| bound == 0) {
            return Err(impossible);
        }
        if round == 0 {
            return Err("a checkpoint whose search was in a round of no budget");
        }
        self.resume = Some((candidate, round));
        let read = (nimbers.len(), bounds.len());
        self.table.extend(nimbers);
        self.bounds.extend(bounds);
        self.loaded_bounds += read.1;
        Ok(read)
    }
}

#[cfg(test)]
impl<G: Impartial> NimSearch<G> {
    /// The bytes of this search's checkpoint for `tag`, every component kept (written to a scratch
    /// file, read back, the file removed).
    pub(crate) fn checkpoint_bytes(&mut self, tag: &str) -> Vec<u8> {
        let name = format!(
            "cgt-{}-{}-{:p}",
            tag.replace(' ', "-"),
            std::process::id(),
            self
        );
        let path = std::env::temp_dir().join(name);
        let every = std::time::Duration::from_secs(3600);
        self.checkpoint = Some(Checkpoint::new(path.clone(), tag.into(), every, 0));
        self.save().unwrap();
        let bytes = fs::read(&path).unwrap();
        fs::remove_file(&path).unwrap();
        bytes
    }
}
