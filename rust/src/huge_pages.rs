//! The allocator of the compiled core: the system's, asking the kernel to back large blocks with
//! huge pages (2 MiB) where it can.
//!
//! A long search's tables are hash maps of hundreds of megabytes or more, read at random: with
//! pages of 4 KiB nearly every lookup misses the TLB as well as the cache.  Linux backs memory
//! marked `MADV_HUGEPAGE` with 2 MiB pages (transparent huge pages, where the kernel has them
//! on, as `always` or `madvise`); a Cram 7x8 search resumed from its checkpoint went 13% further
//! in its first 214 s.  Small blocks are left alone, and elsewhere than Linux nothing changes.

use std::alloc::{GlobalAlloc, Layout, System};

/// Blocks at least this large are marked for huge pages: glibc maps them on their own (its
/// threshold for that grows to 32 MiB at most), so no marked memory is reused for small blocks.
pub const HUGE_BLOCK: usize = 32 << 20;
const HUGE_PAGE: usize = 2 << 20;

/// [`System`], marking large blocks for huge pages.
pub struct HugePages;

unsafe impl GlobalAlloc for HugePages {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        advise(System.alloc(layout), layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        advise(System.alloc_zeroed(layout), layout.size())
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        System.dealloc(block, layout)
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        advise(System.realloc(block, layout, size), size)
    }
}

/// Mark the huge pages wholly inside `block` (`size` bytes) for huge pages; `block` again.
#[cfg_attr(not(target_os = "linux"), allow(unused_variables))]
fn advise(block: *mut u8, size: usize) -> *mut u8 {
    #[cfg(target_os = "linux")]
    if size >= HUGE_BLOCK && !block.is_null() {
        let start = (block as usize).next_multiple_of(HUGE_PAGE);
        let end = (block as usize + size) / HUGE_PAGE * HUGE_PAGE;
        if end > start {
            // Advice only: where the kernel has no huge pages it says so, and nothing changes.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    block
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_and_small_blocks_keep_their_contents_through_reallocation() {
        for size in [24, HUGE_BLOCK + 12_345] {
            let mut block = vec![0u8; size];
            block.iter_mut().enumerate().for_each(|(i, b)| *b = i as u8);
            block.resize(3 * size, 7);
            assert!(block[..size].iter().enumerate().all(|(i, &b)| b == i as u8));
            assert!(block[size..].iter().all(|&b| b == 7));
        }
    }

    /// The kB of huge pages backing the mapping that holds `address` (/proc/self/smaps).
    #[cfg(target_os = "linux")]
    fn huge_kb_at(address: usize) -> u64 {
        let smaps = std::fs::read_to_string("/proc/self/smaps").unwrap();
        let mut inside = false;
        for line in smaps.lines() {
            if let Some((start, end)) = line
                .split_whitespace()
                .next()
                .and_then(|r| r.split_once('-'))
            {
                if let (Ok(start), Ok(end)) = (
                    usize::from_str_radix(start, 16),
                    usize::from_str_radix(end, 16),
                ) {
                    inside = (start..end).contains(&address);
                    continue;
                }
            }
            if inside && line.starts_with("AnonHugePages:") {
                return line.split_whitespace().nth(1).unwrap().parse().unwrap();
            }
        }
        0
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_large_block_is_backed_by_huge_pages_where_the_kernel_has_them_on() {
        let mode = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled");
        if !mode.is_ok_and(|m| m.contains("[always]") || m.contains("[madvise]")) {
            return;
        }
        let large = vec![1u8; 64 << 20];
        assert!(huge_kb_at(large.as_ptr() as usize + (32 << 20)) > 0);
    }
}
