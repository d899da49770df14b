//! The game clock as the CodeCup jury runs it: one total budget per game, charged only from the
//! moment our turn starts (the opponent's line is read, or `Start`) until our reply is flushed.
//! A clock started at launch would be wrong: the jury suspends a program while it waits.

use std::time::{Duration, Instant};

/// Kept back from the total on top of the per-move budgets: the jury's own overhead per game
/// (a 2011 entrant measured 70–90 ms) and scheduling noise on a loaded machine.
fn safety_margin(total: Duration) -> Duration {
    Duration::from_millis(100) + total / 25
}

/// Total thinking time for one game.
#[derive(Clone, Debug)]
pub struct Clock {
    total: Duration,
    margin: Duration,
    used: Duration,
}

impl Clock {
    pub fn new(total: Duration) -> Clock {
        Clock { total, margin: safety_margin(total), used: Duration::ZERO }
    }

    pub fn total(&self) -> Duration {
        self.total
    }

    pub fn used(&self) -> Duration {
        self.used
    }

    /// Time we may still spend in this game, the safety margin already taken off.
    pub fn remaining(&self) -> Duration {
        self.total.saturating_sub(self.margin).saturating_sub(self.used)
    }

    /// Charges time spent outside a turn that the jury counts anyway (start-up work).
    pub fn charge(&mut self, spent: Duration) {
        self.used += spent;
    }

    /// Opens a turn that started at `started` (when the line that made it our turn was read).
    pub fn start_turn(&self, started: Instant) -> TurnClock {
        TurnClock { started, available: self.remaining() }
    }

    /// Closes a turn at `replied`, the instant taken just before our reply is written. Not the
    /// instant after the write: the jury may suspend us as soon as it reads the line, and a clock
    /// read after waking up would charge the opponent's whole turn to us.
    pub fn end_turn(&mut self, turn: &TurnClock, replied: Instant) {
        self.used += replied.saturating_duration_since(turn.started);
    }
}

/// One turn's view of the clock, handed to the engine.
#[derive(Clone, Copy, Debug)]
pub struct TurnClock {
    started: Instant,
    available: Duration,
}

impl TurnClock {
    /// A turn with `available` time left in the game, starting now. Handy for tests and tools.
    pub fn with_available(available: Duration) -> TurnClock {
        TurnClock { started: Instant::now(), available }
    }

    pub fn started(&self) -> Instant {
        self.started
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Game time left at the start of this turn (margin already taken off).
    pub fn available(&self) -> Duration {
        self.available
    }

    /// A deadline with the given soft and hard budgets, both measured from the start of the turn
    /// and both capped by the time left in the game.
    pub fn deadline(&self, soft: Duration, hard: Duration) -> Deadline {
        let hard = hard.min(self.available);
        let soft = soft.min(hard);
        Deadline { soft: self.started + soft, hard: self.started + hard }
    }

    /// The usual split when about `moves_left` of our moves remain: an even share as the soft
    /// budget, and at most `hard_factor` shares (never more than half of what is left) as the hard one.
    pub fn even_share(&self, moves_left: u32, hard_factor: u32) -> Deadline {
        let share = self.available / moves_left.max(1);
        let hard = (share * hard_factor.max(1)).min(self.available / 2);
        self.deadline(share, hard)
    }
}

/// When a search must stop. `soft`: do not start another iteration. `hard`: stop at once.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    pub soft: Instant,
    pub hard: Instant,
}

impl Deadline {
    pub fn soft_reached(&self) -> bool {
        Instant::now() >= self.soft
    }

    pub fn hard_reached(&self) -> bool {
        Instant::now() >= self.hard
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margin_and_charges_reduce_what_is_left() {
        let mut clock = Clock::new(Duration::from_secs(5));
        // 100 ms + 5 s / 25 = 300 ms margin.
        assert_eq!(clock.remaining(), Duration::from_millis(4700));
        clock.charge(Duration::from_millis(700));
        assert_eq!(clock.remaining(), Duration::from_millis(4000));
        clock.charge(Duration::from_secs(10));
        assert_eq!(clock.remaining(), Duration::ZERO);
    }

    #[test]
    fn a_turn_is_charged_from_its_start() {
        let mut clock = Clock::new(Duration::from_secs(30));
        let before = clock.remaining();
        let started = Instant::now() - Duration::from_millis(250);
        let turn = clock.start_turn(started);
        // The reply came 300 ms into the turn; ending the turn later (after the jury suspended
        // us) must not charge the time in between.
        let replied = started + Duration::from_millis(300);
        clock.end_turn(&turn, replied);
        assert_eq!(before - clock.remaining(), Duration::from_millis(300));
    }

    #[test]
    fn deadlines_never_pass_the_time_left() {
        let turn = TurnClock::with_available(Duration::from_millis(1000));
        let deadline = turn.deadline(Duration::from_secs(3), Duration::from_secs(9));
        assert_eq!(deadline.hard - turn.started(), Duration::from_millis(1000));
        assert_eq!(deadline.soft, deadline.hard);

        let share = turn.even_share(10, 3);
        assert_eq!(share.soft - turn.started(), Duration::from_millis(100));
        assert_eq!(share.hard - turn.started(), Duration::from_millis(300));
        let last = turn.even_share(1, 3);
        assert_eq!(last.hard - turn.started(), Duration::from_millis(500));
    }
}
