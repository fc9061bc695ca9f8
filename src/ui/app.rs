//! The application state and how keys and time change it. Drawing lives in
//! `render`; the loop that feeds keys and ticks lives in `mod.rs`.

use std::cell::Cell;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::bookmarks::Bookmarks;
use super::keys::{self, Action};
use super::mouse::Hits;
use super::predict::{Predict, peek};
use super::scene::{Capability, Scene};
use super::theme::Theme;
use crate::model::NodeLog;
use crate::search::{EventKind, SearchEvent};
use crate::timeline::{Goal, Job, Progress, Timeline, Told};

/// Run speeds in events per second; the last means as fast as possible.
pub const SPEEDS: [u64; 11] = [1, 2, 5, 10, 20, 50, 100, 1_000, 10_000, 100_000, u64::MAX];

/// How long a key or a [`App::tick`] may spend computing; the event loop
/// instead works until its next frame is due ([`App::tick_until`]).
const FRAME_WORK: Duration = Duration::from_millis(16);
/// Probes the screen waits for before it shows the estimated nodes.
const TRUSTED_PROBES: u64 = 200;
/// Events of work between two looks at the clock.
const SLICE: u64 = 4_096;

/// What the lower panel shows (`--panel` opens with one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Panel {
    /// The latest events in words.
    Events,
    /// The trace table.
    Table,
    /// The algorithm's numbered steps.
    Code,
    /// The search tree.
    Tree,
    /// Knuth's estimate: the last random probe (drawn on the board) and
    /// the running estimate of the tree.
    Probe,
}

/// A long operation in progress: what it is for, and its job.
pub struct Pending {
    /// What the status line says, e.g. "next solution".
    pub label: String,
    /// The timeline's job.
    pub job: Job,
    /// Go to step 0 when nothing matches (folded back over leading rejects).
    to_start_if_none: bool,
}

/// Everything the screen shows besides the search itself.
pub struct App<S: Scene> {
    /// The puzzle's name, for the title.
    pub name: String,
    /// The search, with step / back / jump.
    pub timeline: Timeline<S>,
    /// Colours and glyphs.
    pub theme: Theme,
    /// Whether the search is running on its own.
    pub running: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Whether a step skips over rejects.
    pub fold: bool,
    /// Whether the help popup is open.
    pub help: bool,
    /// What the lower panel shows.
    pub panel: Panel,
    /// Predict mode: the score and the question in play.
    pub predict: Option<Predict>,
    /// The nodes entered up to the current step, for the table and tree.
    pub nodes: Nodes<S>,
    /// The step number being typed after `:`.
    pub prompt: Option<String>,
    /// A long operation in progress.
    pub pending: Option<Pending>,
    /// A one-line note for the user ("no earlier solution").
    pub message: Option<String>,
    /// The steps marked with `m`, listed with `'`.
    pub bookmarks: Bookmarks,
    /// Set when the user asked to leave.
    pub quit: bool,
    /// Knuth's estimate of the tree, probed on a thread of its own (the
    /// terminal UI starts it; frames and tests may compute it at once).
    pub estimate: Option<crate::estimate::Background<S>>,
    /// The first line of the table or tree while the user has scrolled
    /// it; `None` keeps the current node in view. Cleared when the step
    /// changes, so the panel follows the current row again.
    pub scroll: Option<usize>,
    /// The table or tree as last drawn, which scrolling moves within.
    view: Cell<View>,
    /// The step the scroll was set at.
    scroll_step: u64,
    /// How far the help popup is scrolled, in lines.
    pub help_scroll: u16,
    /// The furthest the help popup can scroll, as last drawn.
    pub help_max: std::cell::Cell<u16>,
    /// The search's outcome once its end has been reached (`Some(None)`:
    /// no solution), for the board to show at the end.
    pub outcome: Option<Option<LastSolution<S>>>,
    /// Fractional events owed to the run between frames.
    carry: f64,
    /// Where the last frame put what the mouse can click or scroll.
    pub hits: Hits,
    /// How many lines the event log is scrolled back from its newest
    /// line (the wheel); cleared when the step changes.
    pub log_back: usize,
    /// The step the log was scrolled back at.
    pub(super) log_step: u64,
    /// Drawn without the chrome, for slides (`--bare`): no status at the
    /// right of the title, no key bar (its rows go to the panels).
    pub bare: bool,
}

/// Where the table or tree was last drawn: its first line, the lines in
/// view and the lines in all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// The first line shown (0-based).
    pub first: usize,
    /// Lines in view.
    pub visible: usize,
    /// Lines in all.
    pub total: usize,
}

/// The search as it stood at its last solution.
pub struct LastSolution<S: Scene> {
    /// The step of the last solution.
    pub step: u64,
    /// The search at that step.
    pub search: S,
    /// The solution event.
    pub event: S::Event,
}

impl<S: Scene> LastSolution<S> {
    /// Finds the last solution at or before the end of `timeline`, on a
    /// copy of it (the live one does not move).
    fn find(timeline: &Timeline<S>) -> Option<LastSolution<S>> {
        let mut copy = timeline.clone();
        if copy.last_event().map(SearchEvent::kind) != Some(EventKind::Solution) {
            let mut job = copy.start(Goal::Prev(EventKind::Solution));
            loop {
                match copy.work(&mut job, u64::MAX) {
                    Progress::Running { .. } => continue,
                    Progress::Reached(_) => break,
                    Progress::NotFound => return None,
                }
            }
        }
        Some(LastSolution {
            step: copy.step(),
            event: *copy.last_event()?,
            search: copy.search().clone(),
        })
    }
}

impl<S: Scene> App<S> {
    /// A paused app at step 0.
    pub fn new(search: S, name: &str, theme: Theme) -> App<S> {
        App {
            name: name.to_string(),
            nodes: Nodes::new(search.clone()),
            timeline: Timeline::new(search),
            theme,
            running: false,
            speed: 3,
            fold: false,
            help: false,
            panel: Panel::Events,
            predict: None,
            prompt: None,
            pending: None,
            message: None,
            bookmarks: Bookmarks::default(),
            quit: false,
            estimate: None,
            scroll: None,
            view: Cell::new(View::default()),
            scroll_step: 0,
            help_scroll: 0,
            help_max: std::cell::Cell::new(0),
            outcome: None,
            carry: 0.0,
            hits: Hits::default(),
            log_back: 0,
            log_step: 0,
            bare: false,
        }
    }

    /// A paused app at `step` (which the caller found in the search, see
    /// `position::find`), showing `panel` below the board: the screen
    /// `--at` opens on, and the one a frame draws.
    pub fn opened(search: S, name: &str, theme: Theme, step: u64, panel: Panel) -> App<S> {
        let mut app = App::new(search, name, theme);
        app.panel = panel;
        app.go_to(step);
        app
    }

    /// The estimated nodes of the whole tree, once enough probes are in
    /// for the figure to mean something.
    pub fn estimated_nodes(&self) -> Option<f64> {
        let estimate = self.estimate.as_ref()?.estimate()?;
        (estimate.probes >= TRUSTED_PROBES).then(|| estimate.mean())
    }

    /// Goes to `step` (or the end, if it is past it) at once, however far.
    pub fn go_to(&mut self, step: u64) {
        self.stop();
        let mut job = self.timeline.start(Goal::Step(step));
        while let Progress::Running { .. } = self.timeline.work(&mut job, u64::MAX) {}
        self.sync();
    }

    /// Events per second while running (`None`: as fast as possible).
    pub fn rate(&self) -> Option<u64> {
        Some(SPEEDS[self.speed]).filter(|&s| s != u64::MAX)
    }

    /// Reacts to one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
        // Ctrl-C quits from every state, prompts and questions included.
        if keys::is_interrupt(key) {
            self.quit = true;
            return;
        }
        if self.answering() && self.on_answer_key(key) {
            self.sync();
            return;
        }
        if let Some(text) = self.prompt.as_mut() {
            match key.code {
                KeyCode::Char(c) if c.is_ascii_digit() && text.len() < 12 => text.push(c),
                KeyCode::Char(',' | '_') => {}
                KeyCode::Backspace => {
                    text.pop();
                }
                KeyCode::Enter => {
                    let target = text.parse::<u64>();
                    self.prompt = None;
                    match target {
                        Ok(step) => self.begin(Goal::Step(step), format!("jump to step {step}")),
                        Err(_) => self.message = Some("type a step number after ':'".into()),
                    }
                }
                KeyCode::Esc => self.prompt = None,
                _ => self.message = Some("digits only: the step to jump to, then enter".into()),
            }
            self.sync();
            return;
        }
        if self.bookmarks.open && self.on_bookmarks_key(key) {
            self.sync();
            return;
        }
        if self.help && self.on_help_key(key) {
            return;
        }
        let Some(action) = keys::action(key) else {
            return;
        };
        self.message = None;
        self.act(action);
    }

    /// Carries out one action.
    pub fn act(&mut self, action: Action) {
        self.apply(action);
        self.sync();
    }

    /// Whether the search offers what `action` shows (see
    /// [`Action::needs`]): the key bar and the help list only these.
    pub fn obeys(&self, action: Action) -> bool {
        action
            .needs()
            .is_none_or(|capability| capability.offered(self.timeline.search()))
    }

    fn apply(&mut self, action: Action) {
        if let Some(lacking) = action.needs().filter(|_| !self.obeys(action)) {
            self.message = Some(format!("this search offers no {}", lacking.words()));
            return;
        }
        let goal = |kind| (Goal::Next(kind), Goal::Prev(kind));
        match action {
            Action::Quit => self.quit = true,
            Action::Cancel => self.cancel(),
            Action::Help => {
                self.help = !self.help;
                self.help_scroll = 0;
            }
            Action::ScrollDown => self.scroll_by(1),
            Action::ScrollUp => self.scroll_by(-1),
            Action::PageDown => self.scroll_by(self.page()),
            Action::PageUp => self.scroll_by(-self.page()),
            Action::Table => self.toggle(Panel::Table),
            Action::Code => self.toggle(Panel::Code),
            Action::Tree => self.toggle(Panel::Tree),
            Action::Probe => self.toggle(Panel::Probe),
            Action::Predict => {
                self.stop();
                self.predict = match self.predict.take() {
                    Some(_) => None,
                    None => Some(Predict::default()),
                };
            }
            Action::Step => {
                self.stop();
                self.step_forward();
            }
            Action::Back => {
                self.stop();
                self.step_back();
            }
            Action::Run => {
                self.pending = None;
                self.running = !self.running && !self.timeline.at_end();
                self.carry = 0.0;
            }
            Action::Faster => self.speed = (self.speed + 1).min(SPEEDS.len() - 1),
            Action::Slower => self.speed = self.speed.saturating_sub(1),
            Action::NextNode => self.begin(Goal::NextNode, "next node".into()),
            Action::PrevNode => self.begin(Goal::PrevNode, "previous node".into()),
            Action::NextSolution => self.begin(goal(EventKind::Solution).0, "next solution".into()),
            Action::PrevSolution => {
                self.begin(goal(EventKind::Solution).1, "previous solution".into())
            }
            Action::NextDeadEnd => self.begin(goal(EventKind::DeadEnd).0, "next dead end".into()),
            Action::PrevDeadEnd => {
                self.begin(goal(EventKind::DeadEnd).1, "previous dead end".into())
            }
            Action::Start => {
                self.stop();
                self.timeline.seek(0);
            }
            Action::End => self.begin(Goal::End, "the end".into()),
            Action::Jump => {
                self.stop();
                self.prompt = Some(String::new());
            }
            Action::Mark => {
                let what = match self.timeline.last_told() {
                    Some(told) => told.words().to_string(),
                    None => "the start".to_string(),
                };
                let step = self.timeline.step();
                self.message = Some(self.bookmarks.set(step, what));
            }
            Action::Marks => {
                if self.bookmarks.marks().is_empty() {
                    self.message = Some("no bookmarks yet: m marks the current step".into());
                } else {
                    self.bookmarks.open = !self.bookmarks.open;
                }
            }
            Action::Fold => {
                self.fold = !self.fold;
                // Folding changes which event comes next: ask afresh.
                if let Some(predict) = self.predict.as_mut() {
                    predict.at_step = None;
                }
            }
        }
    }

    /// Scrolls the table or tree by `lines` (negative: up), within what was
    /// last drawn.
    pub(super) fn scroll_by(&mut self, lines: isize) {
        if !matches!(self.panel, Panel::Table | Panel::Tree) || self.predict.is_some() {
            self.message = Some("j k pgup pgdn scroll the trace table (t) or the tree (T)".into());
            return;
        }
        let view = self.view.get();
        let last = view.total.saturating_sub(view.visible);
        let first = self.scroll.unwrap_or(view.first).min(last);
        self.scroll = Some(first.saturating_add_signed(lines).min(last));
        self.scroll_step = self.timeline.step();
    }

    /// Lines a page key scrolls: the view less one line of overlap.
    fn page(&self) -> isize {
        self.view.get().visible.saturating_sub(1).max(1) as isize
    }

    /// The first of `total` lines to draw in `visible` rows: where the
    /// user scrolled to, else `follow` (the line that keeps the current
    /// node in view). Remembers the view for the scroll keys.
    pub fn first_line(&self, follow: usize, visible: usize, total: usize) -> usize {
        let last = total.saturating_sub(visible);
        let first = self.scroll.unwrap_or(follow).min(last);
        self.view.set(View {
            first,
            visible,
            total,
        });
        first
    }

    /// Esc: cancels a run or a jump, else closes the help, else closes the
    /// panel; with none of these open it does nothing (it never quits).
    fn cancel(&mut self) {
        if self.pending.take().is_some() || std::mem::take(&mut self.running) {
            self.message = Some("cancelled".into());
        } else if self.help {
            self.help = false;
        } else if self.panel != Panel::Events {
            self.panel = Panel::Events;
        } else {
            self.message = Some("nothing to cancel (q quits)".into());
        }
    }

    /// A key while the bookmark list is open: a digit jumps to that mark,
    /// esc or `'` closes the list; false closes it and leaves the key to
    /// the usual table.
    fn on_bookmarks_key(&mut self, key: KeyEvent) -> bool {
        match key.code {
            KeyCode::Char(c) if c.is_ascii_digit() => {
                match self.bookmarks.step_of(c) {
                    Some(step) => {
                        self.bookmarks.open = false;
                        self.stop();
                        self.message = Some(format!("bookmark {c}: step {step}"));
                        self.begin(Goal::Step(step), format!("bookmark {c}"));
                    }
                    None => {
                        let count = self.bookmarks.marks().len();
                        self.message = Some(format!("no bookmark {c}: there are {count}"));
                    }
                }
                true
            }
            KeyCode::Esc | KeyCode::Char('\'') => {
                self.bookmarks.open = false;
                true
            }
            _ => {
                self.bookmarks.open = false;
                false
            }
        }
    }

    /// Scrolls the help popup; false leaves the key to the usual table.
    fn on_help_key(&mut self, key: KeyEvent) -> bool {
        self.help_scroll = match keys::help_scroll(key, self.help_scroll) {
            Some(to) => to.min(self.help_max.get()),
            None => return false,
        };
        true
    }

    fn toggle(&mut self, panel: Panel) {
        self.scroll = None;
        self.panel = if self.panel == panel {
            Panel::Events
        } else {
            panel
        };
    }

    /// The theme the scene draws with: the app's, told to hide the answer
    /// while a prediction question is open.
    pub fn scene_theme(&self) -> Theme {
        Theme {
            hide_answer: self.answering(),
            ..self.theme
        }
    }

    /// Whether a prediction question is waiting for an answer.
    pub fn answering(&self) -> bool {
        self.predict.as_ref().is_some_and(|p| p.question.is_some())
    }

    /// Handles a key while a question waits; false leaves the key to the
    /// usual table (arrows, help, quit).
    fn on_answer_key(&mut self, key: KeyEvent) -> bool {
        let search = self.timeline.search();
        let extra = search.ask().and_then(|ask| ask.extra_question());
        let Some(predict) = self.predict.as_mut() else {
            return false;
        };
        match key.code {
            KeyCode::Char('m') if predict.paused.is_none() && extra.is_some() => {
                predict.paused = predict.question.take();
                predict.question = extra;
                predict.input.clear();
            }
            KeyCode::Char(c)
                if predict.input.is_empty()
                    && predict.question.as_ref().is_some_and(|q| q.starts(c)) =>
            {
                predict.input.push(c);
            }
            KeyCode::Char(c)
                if !predict.input.is_empty()
                    && (c.is_ascii_alphanumeric() || c == ',' || c == ' ') =>
            {
                if predict.input.len() < 24 {
                    predict.input.push(c);
                }
            }
            KeyCode::Backspace if !predict.input.is_empty() => {
                predict.input.pop();
            }
            KeyCode::Esc if !predict.input.is_empty() => predict.input.clear(),
            KeyCode::Enter => self.answer(),
            KeyCode::Char(_) if keys::action(key).is_none() => {
                let hint = predict.question.as_ref().map(|q| q.hint.clone());
                self.message = hint.map(|h| format!("type an answer: {h}"));
            }
            _ => return false,
        }
        true
    }

    /// Judges the typed answer; a follow-up question comes next, otherwise
    /// the step is revealed.
    fn answer(&mut self) {
        let Some(predict) = self.predict.as_mut() else {
            return;
        };
        let Some(question) = predict.question.take() else {
            return;
        };
        let typed = std::mem::take(&mut predict.input);
        match question.read(&typed) {
            Err(hint) => {
                predict.input = typed;
                predict.question = Some(question);
                self.message = Some(hint);
            }
            Ok(answer) => {
                let verdict = question.judge(&answer);
                predict.asked += 1;
                predict.right += u32::from(verdict.right);
                predict.verdict = Some(verdict);
                if let Some(next) = question.then {
                    predict.question = Some(*next);
                } else if let Some(paused) = predict.paused.take() {
                    predict.question = Some(paused);
                } else {
                    self.step_forward();
                }
            }
        }
    }

    /// Asks the question about the next decision, once per step. The
    /// rejects before a decision tell its answer (they strike out the
    /// columns, digits or moves it does not take), so the question is
    /// asked before the first of them shows, folded or not, and not at a
    /// step amid them (stepped through after the answer, or reached by a
    /// jump).
    fn ask(&mut self) {
        let step = self.timeline.step();
        let amid_rejects = self
            .timeline
            .last_event()
            .is_some_and(|e| e.kind() == EventKind::Reject);
        let Some(predict) = self.predict.as_mut() else {
            return;
        };
        if predict.at_step == Some(step) {
            return;
        }
        predict.at_step = Some(step);
        predict.paused = None;
        predict.input.clear();
        let search = self.timeline.search();
        let previous = self
            .timeline
            .recent()
            .rev()
            .map(Told::event)
            .find(|e| e.kind() != EventKind::Reject);
        predict.question = peek(search, true)
            .filter(|_| !amid_rejects)
            .and_then(|next| search.ask()?.question(&next, previous));
        // A run stops at every question: the point is to answer it first.
        if predict.question.is_some() {
            self.running = false;
        }
    }

    /// Brings what the panels derive from the timeline up to its step. Call
    /// after every change of step, before drawing.
    pub fn sync(&mut self) {
        if self.pending.is_none() {
            self.ask();
        }
        if self.scroll.is_some() && self.scroll_step != self.timeline.step() {
            self.scroll = None;
        }
        if self.log_back > 0 && self.log_step != self.timeline.step() {
            self.log_back = 0;
        }
        // The plain screen's path (no board) is read from the node log.
        let plain = !Capability::Board.offered(self.timeline.search());
        if plain || matches!(self.panel, Panel::Table | Panel::Tree) {
            self.nodes.sync(&self.timeline);
        }
        // The end never changes: its outcome is looked up once.
        if self.outcome.is_none() && self.pending.is_none() && self.timeline.at_end() {
            self.outcome = Some(LastSolution::find(&self.timeline));
        }
    }

    pub(super) fn stop(&mut self) {
        self.running = false;
        self.pending = None;
    }

    pub(super) fn begin(&mut self, goal: Goal, label: String) {
        self.running = false;
        let job = self.timeline.start(goal);
        let to_start_if_none = goal == Goal::PrevOther(EventKind::Reject);
        self.pending = Some(Pending {
            label,
            job,
            to_start_if_none,
        });
        // Most goals are near: finish them in this frame when we can.
        self.work(Instant::now() + FRAME_WORK);
    }

    /// One event forward; with folding, on to the next event that is not a
    /// reject.
    pub fn step_forward(&mut self) {
        if self.fold {
            self.begin(Goal::NextOther(EventKind::Reject), "next event".into());
        } else if !self.timeline.forward() {
            self.message = Some("at the end of the search".into());
        }
    }

    /// One event back; with folding, back to the latest event that is not a
    /// reject.
    pub fn step_back(&mut self) {
        if self.fold {
            self.begin(Goal::PrevOther(EventKind::Reject), "previous event".into());
        } else if !self.timeline.back() {
            self.message = Some("at the start".into());
        }
    }

    /// Whether there is work to do at once: a long operation, or a run at
    /// full speed. (A run at a set speed only needs a tick per frame.)
    pub fn working(&self) -> bool {
        self.pending.is_some() || (self.running && self.rate().is_none())
    }

    /// Advances the run and any long operation by one frame's worth of work.
    pub fn tick(&mut self, elapsed: Duration) {
        self.tick_until(elapsed, Instant::now() + FRAME_WORK);
    }

    /// Advances the run by `elapsed` (as far as its speed asks) and works
    /// on any long operation, until `deadline` at the latest.
    pub fn tick_until(&mut self, elapsed: Duration, deadline: Instant) {
        if self.pending.is_some() {
            self.work(deadline);
        } else if self.running {
            self.run_for(elapsed, deadline);
        }
        self.sync();
    }

    fn run_for(&mut self, elapsed: Duration, deadline: Instant) {
        let mut owed = match self.rate() {
            Some(rate) => {
                self.carry += rate as f64 * elapsed.as_secs_f64();
                let whole = self.carry.floor();
                self.carry -= whole;
                whole as u64
            }
            None => u64::MAX,
        };
        // At least one slice, so that a late deadline still makes progress.
        let mut first = true;
        if owed == u64::MAX && self.predict.is_none() {
            // Flat out, with no question to stop at: the timeline's own
            // forward job, which records new events a stretch at a time.
            let mut job = self.timeline.start(Goal::End);
            while std::mem::take(&mut first) || Instant::now() < deadline {
                if let Progress::Running { .. } = self.timeline.work(&mut job, SLICE * 8) {
                    continue;
                }
                self.running = false;
                self.message = Some("the search is complete".into());
                return;
            }
            // Dropping the job leaves the run wherever it got to.
            return;
        }
        while owed > 0 && (std::mem::take(&mut first) || Instant::now() < deadline) {
            for _ in 0..owed.min(SLICE) {
                if !self.timeline.forward() {
                    self.running = false;
                    self.message = Some("the search is complete".into());
                    return;
                }
                // In predict mode a run halts at the first question.
                if self.predict.is_some() {
                    self.ask();
                    if !self.running {
                        return;
                    }
                }
            }
            owed = owed.saturating_sub(SLICE);
        }
    }

    fn work(&mut self, deadline: Instant) {
        let Some(mut pending) = self.pending.take() else {
            return;
        };
        // At least one slice, so that a late deadline still makes progress.
        let mut first = true;
        while std::mem::take(&mut first) || Instant::now() < deadline {
            match self.timeline.work(&mut pending.job, SLICE * 8) {
                Progress::Running { .. } => continue,
                Progress::Reached(at) => {
                    if let Goal::Step(wanted) = pending.job.goal()
                        && at < wanted
                    {
                        self.message = Some(format!(
                            "step {wanted} is past the end: the search ends at step {at}"
                        ));
                    }
                    return;
                }
                Progress::NotFound if pending.to_start_if_none => {
                    self.timeline.seek(0);
                    return;
                }
                Progress::NotFound => {
                    self.message = Some(format!("no {} from here", pending.label));
                    return;
                }
            }
        }
        self.pending = Some(pending);
    }
}

/// The nodes entered up to the current step, for the table and tree: all
/// of them while the search is short, else those entered in a window of
/// steps ending at the current one. The window follows the timeline to any
/// step, forward or back, rebuilt from the timeline's nearest checkpoint,
/// so no move replays more than about [`NODES_SPAN`] events plus one
/// checkpoint interval.
pub struct Nodes<S: Scene> {
    /// The search at `base`.
    start: S,
    /// The search at `upto`.
    search: S,
    log: NodeLog,
    /// The step the log begins at: 0 while it holds the whole search.
    base: u64,
    /// The step `search` and `log` stand at.
    upto: u64,
    /// Events replayed (logged or skipped) since the app began: the cost of
    /// following the timeline.
    replayed: u64,
}

/// The most steps the node log spans. Up to this step it holds the whole
/// search; past it, and whenever a move would take it past it, the log
/// starts again [`NODES_WINDOW`] steps before the current step.
pub const NODES_SPAN: u64 = 20_000;

/// How many steps before the current one a restarted log begins.
pub const NODES_WINDOW: u64 = 10_000;

impl<S: Scene> Nodes<S> {
    fn new(search: S) -> Nodes<S> {
        Nodes {
            log: NodeLog::new(&search),
            start: search.clone(),
            search,
            base: 0,
            upto: 0,
            replayed: 0,
        }
    }

    /// Brings the log to the timeline's current step.
    pub fn sync(&mut self, timeline: &Timeline<S>) {
        let step = timeline.step();
        if step == self.upto {
            return;
        }
        if step < self.base || step - self.base > NODES_SPAN {
            // Start afresh near the step: from the checkpoint before the
            // window, skipping (not logging) up to the window's start.
            let base = if step <= NODES_SPAN {
                0
            } else {
                step - NODES_WINDOW
            };
            let (at, mut search) = timeline.checkpoint_before(base);
            for _ in at..base {
                search.next();
                self.replayed += 1;
            }
            self.base = base;
            self.start = search;
            self.restart();
        } else if step < self.upto {
            self.restart();
        }
        while self.upto < step {
            let Some(event) = self.search.next() else {
                break;
            };
            self.log.record(&self.search, &event);
            self.upto += 1;
            self.replayed += 1;
        }
    }

    /// Goes back to the window's start.
    fn restart(&mut self) {
        self.search = self.start.clone();
        self.log = NodeLog::window(&self.start, self.base);
        self.upto = self.base;
    }

    /// The log of nodes entered in the window.
    pub fn log(&self) -> &NodeLog {
        &self.log
    }

    /// The step the log stands at (the timeline's, once synced).
    pub fn upto(&self) -> u64 {
        self.upto
    }

    /// The step the log begins at: 0 when it holds the whole search.
    pub fn base(&self) -> u64 {
        self.base
    }

    /// Events replayed so far to follow the timeline.
    pub fn replayed(&self) -> u64 {
        self.replayed
    }

    /// The search as of [`Nodes::upto`].
    pub fn search(&self) -> &S {
        &self.search
    }
}
