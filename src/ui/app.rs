//! The application state and how keys and time change it. Drawing lives in
//! `render`; the loop that feeds keys and ticks lives in `mod.rs`.

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use super::keys::{self, Action};
use super::predict::{Predict, peek};
use super::scene::Scene;
use super::theme::Theme;
use crate::print::NodeLog;
use crate::search::{EventKind, SearchEvent};
use crate::timeline::{Goal, Job, Progress, Timeline};

/// Run speeds in events per second; the last means as fast as possible.
pub const SPEEDS: [u64; 11] = [1, 2, 5, 10, 20, 50, 100, 1_000, 10_000, 100_000, u64::MAX];

/// How long one frame may spend computing before it draws again.
const FRAME_WORK: Duration = Duration::from_millis(25);
/// Events of work between two looks at the clock.
const SLICE: u64 = 4_096;

/// What the lower panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Panel {
    /// The latest events in words.
    Events,
    /// The trace table.
    Table,
    /// The algorithm's numbered steps.
    Code,
    /// The search tree.
    Tree,
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
    /// Set when the user asked to leave.
    pub quit: bool,
    /// How far the help popup is scrolled, in lines.
    pub help_scroll: u16,
    /// The furthest the help popup can scroll, as last drawn.
    pub help_max: std::cell::Cell<u16>,
    /// The search's outcome once its end has been reached (`Some(None)`:
    /// no solution), for the board to show at the end.
    pub outcome: Option<Option<Outcome<S>>>,
    /// Fractional events owed to the run between frames.
    carry: f64,
}

/// The search as it stood at its last solution.
pub struct Outcome<S: Scene> {
    /// The step of the last solution.
    pub step: u64,
    /// The search at that step.
    pub search: S,
    /// The solution event.
    pub event: S::Event,
}

impl<S: Scene> Outcome<S> {
    /// Finds the last solution at or before the end of `timeline`, on a
    /// copy of it (the live one does not move).
    fn find(timeline: &Timeline<S>) -> Option<Outcome<S>> {
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
        Some(Outcome {
            step: copy.step(),
            event: copy.last_event()?.clone(),
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
            quit: false,
            help_scroll: 0,
            help_max: std::cell::Cell::new(0),
            outcome: None,
            carry: 0.0,
        }
    }

    /// Events per second while running (`None`: as fast as possible).
    pub fn rate(&self) -> Option<u64> {
        Some(SPEEDS[self.speed]).filter(|&s| s != u64::MAX)
    }

    /// Reacts to one key press.
    pub fn on_key(&mut self, key: KeyEvent) {
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
        if self.help && self.on_help_key(key) {
            return;
        }
        let Some(action) = keys::action(key) else {
            return;
        };
        self.message = None;
        if key.code == KeyCode::Esc {
            // Esc first cancels whatever is in progress, then quits.
            if self.pending.take().is_some() || std::mem::take(&mut self.running) {
                self.message = Some("cancelled".into());
                return;
            }
            if std::mem::take(&mut self.help) {
                return;
            }
        }
        self.act(action);
    }

    /// Carries out one action.
    pub fn act(&mut self, action: Action) {
        self.apply(action);
        self.sync();
    }

    fn apply(&mut self, action: Action) {
        let goal = |kind| (Goal::Next(kind), Goal::Prev(kind));
        match action {
            Action::Quit => self.quit = true,
            Action::Help => {
                self.help = !self.help;
                self.help_scroll = 0;
            }
            Action::Table => self.toggle(Panel::Table),
            Action::Code => self.toggle(Panel::Code),
            Action::Tree => self.toggle(Panel::Tree),
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
            Action::Fold => {
                self.fold = !self.fold;
                // Folding changes which event comes next: ask afresh.
                if let Some(predict) = self.predict.as_mut() {
                    predict.at_step = None;
                }
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
        self.panel = if self.panel == panel {
            Panel::Events
        } else {
            panel
        };
    }

    /// Whether a prediction question is waiting for an answer.
    pub fn answering(&self) -> bool {
        self.predict.as_ref().is_some_and(|p| p.question.is_some())
    }

    /// Handles a key while a question waits; false leaves the key to the
    /// usual table (arrows, help, quit).
    fn on_answer_key(&mut self, key: KeyEvent) -> bool {
        let search = self.timeline.search();
        let extra = search.extra_question();
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

    /// Asks the question about the next decision, once per step.
    fn ask(&mut self) {
        let step = self.timeline.step();
        let fold = self.fold;
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
            .map(|(_, e)| e)
            .find(|e| e.kind() != EventKind::Reject);
        predict.question = peek(search, fold).and_then(|next| search.question(&next, previous));
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
        if matches!(self.panel, Panel::Table | Panel::Tree) {
            self.nodes.sync(self.timeline.step());
        }
        // The end never changes: its outcome is looked up once.
        if self.outcome.is_none() && self.pending.is_none() && self.timeline.at_end() {
            self.outcome = Some(Outcome::find(&self.timeline));
        }
    }

    fn stop(&mut self) {
        self.running = false;
        self.pending = None;
    }

    fn begin(&mut self, goal: Goal, label: String) {
        self.running = false;
        let job = self.timeline.start(goal);
        let to_start_if_none = goal == Goal::PrevOther(EventKind::Reject);
        self.pending = Some(Pending {
            label,
            job,
            to_start_if_none,
        });
        // Most goals are near: finish them in this frame when we can.
        self.work(FRAME_WORK);
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

    /// Advances the run and any long operation by one frame's worth of work.
    pub fn tick(&mut self, elapsed: Duration) {
        if self.pending.is_some() {
            self.work(FRAME_WORK);
        } else if self.running {
            self.run_for(elapsed);
        }
        self.sync();
    }

    fn run_for(&mut self, elapsed: Duration) {
        let started = Instant::now();
        let mut owed = match self.rate() {
            Some(rate) => {
                self.carry += rate as f64 * elapsed.as_secs_f64();
                let whole = self.carry.floor();
                self.carry -= whole;
                whole as u64
            }
            None => u64::MAX,
        };
        while owed > 0 && started.elapsed() < FRAME_WORK {
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

    fn work(&mut self, budget: Duration) {
        let started = Instant::now();
        let Some(mut pending) = self.pending.take() else {
            return;
        };
        while started.elapsed() < budget {
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

/// The nodes entered up to some step, kept by replaying a copy of the
/// search. Moving forward extends the log; moving back replays from the
/// start, which is cheap for the searches a table or tree can show.
pub struct Nodes<S: Scene> {
    start: S,
    search: S,
    log: NodeLog,
    /// The step `search` and `log` stand at.
    upto: u64,
}

/// The most events the table and tree follow; past this they say so. Going
/// back replays the log from the start, so this also bounds that cost.
pub const NODES_LIMIT: u64 = 200_000;

impl<S: Scene> Nodes<S> {
    fn new(search: S) -> Nodes<S> {
        Nodes {
            log: NodeLog::new(&search),
            start: search.clone(),
            search,
            upto: 0,
        }
    }

    fn sync(&mut self, step: u64) {
        let step = step.min(NODES_LIMIT);
        if step < self.upto {
            *self = Nodes::new(self.start.clone());
        }
        while self.upto < step {
            let Some(event) = self.search.next() else {
                break;
            };
            self.log.record(&self.search, &event);
            self.upto += 1;
        }
    }

    /// The log of nodes entered.
    pub fn log(&self) -> &NodeLog {
        &self.log
    }

    /// The step the log stands at (less than the timeline's past the limit).
    pub fn upto(&self) -> u64 {
        self.upto
    }

    /// The search as of [`Nodes::upto`].
    pub fn search(&self) -> &S {
        &self.search
    }
}
