//! Progress bars for long work, drawn on standard error only when it is a
//! terminal: pipes and logs see nothing of them.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// A bar of `len` steps, drawn at once on a terminal.
pub fn bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), target());
    bar.set_style(
        ProgressStyle::with_template(template)
            .expect("the templates are fixed")
            .progress_chars("#>-"),
    );
    bar
}

/// Standard error when it is a terminal; otherwise nowhere.
fn target() -> ProgressDrawTarget {
    if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}

/// A bar that stays hidden until its work has taken a second, so that
/// quick work prints nothing at all.
pub struct Patient {
    bar: ProgressBar,
    start: Instant,
    shown: bool,
}

impl Patient {
    pub fn new(template: &str) -> Self {
        let bar = bar(0, template);
        bar.set_draw_target(ProgressDrawTarget::hidden());
        Patient {
            bar,
            start: Instant::now(),
            shown: false,
        }
    }

    /// `done` steps of `of` are done.
    pub fn set(&mut self, done: usize, of: usize) {
        self.bar.set_length(of as u64);
        self.bar.set_position(done as u64);
        if !self.shown && self.start.elapsed() > Duration::from_secs(1) {
            self.shown = true;
            self.bar.set_draw_target(target());
        }
    }

    pub fn finish(self) {
        self.bar.finish_and_clear();
    }
}
