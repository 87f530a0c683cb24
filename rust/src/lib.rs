//! `cgt._core`: the compiled twins of `cgt`'s hot loops (private: use the `cgt` package).
use pyo3::prelude::*;

pub mod dyadic;
pub mod engine;
pub mod impartial;
pub mod rulesets;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add(
        "__doc__",
        "The compiled core of cgt (private: use the cgt package).",
    )?;
    // `stacker` finds a thread's stack bounds on first use by reading the
    // process's memory map (about 0.1 ms): do it now, for the importing thread.
    let _ = stacker::remaining_stack();
    prefault_code();
    engine::python::register(m)?;
    rulesets::python::register(m)?;
    impartial::python::register(m)?;
    Ok(())
}

/// Map this library's pages in now, at import, rather than one page fault at a
/// time during the first computations (about 20 µs of a first small search).
/// Only the speed of first calls depends on it, so failures are ignored.
#[cfg(target_os = "linux")]
fn prefault_code() {
    let here = prefault_code as *const () as usize;
    let Ok(maps) = std::fs::read_to_string("/proc/self/maps") else {
        return;
    };
    let range = |line: &str| -> Option<(usize, usize, String)> {
        let mut fields = line.split_whitespace();
        let (start, end) = fields.next()?.split_once('-')?;
        let path = fields.nth(4).unwrap_or("").to_string();
        Some((
            usize::from_str_radix(start, 16).ok()?,
            usize::from_str_radix(end, 16).ok()?,
            path,
        ))
    };
    let ranges: Vec<_> = maps.lines().filter_map(range).collect();
    let Some((_, _, ours)) = ranges
        .iter()
        .find(|(start, end, _)| (*start..*end).contains(&here))
    else {
        return;
    };
    for (start, end, path) in &ranges {
        if path == ours {
            // SAFETY: MADV_POPULATE_READ only faults in pages of a mapping that
            // exists (this library's own); it changes no contents.
            unsafe {
                libc::madvise(
                    *start as *mut libc::c_void,
                    end - start,
                    libc::MADV_POPULATE_READ,
                );
            }
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn prefault_code() {}
