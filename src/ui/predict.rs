//! Predict mode: before a decision is revealed, the screen asks what the
//! search will do next; the answer is checked against the event the search
//! actually yields next (peeked from a clone), never against a second
//! implementation of the rules.

use std::collections::BTreeMap;

use crate::print::Report;
use crate::search::queens::{Attack, Attacks};
use crate::search::queens::{Queens, QueensEvent, Rules, format_mask};
use crate::search::sudoku::{Sudoku, SudokuEvent, format_digits};
use crate::search::word::{DIRECTIONS, Reason, WordEvent, WordSearch};
use crate::search::{Search, bits, format_set};

/// One question about the next decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// What is asked.
    pub prompt: String,
    /// How to type an answer.
    pub hint: String,
    /// The right answer, in canonical form.
    pub answer: String,
    /// Why it is right, said after any answer.
    pub why: String,
    /// Why some wrong answers are wrong (canonical answer → reason).
    pub wrong: BTreeMap<String, String>,
    /// How typed text becomes a canonical answer.
    pub form: Form,
    /// A question that follows this one (Sudoku: the digit after the cell).
    pub then: Option<Box<Question>>,
}

/// The shape of an answer, which decides how typed text is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// A column number, or `d` for a dead end.
    Column,
    /// A mask in binary, `n` digits.
    Binary(u8),
    /// A cell as `r,c`, or `d` for a dead end.
    Cell,
    /// A digit.
    Digit,
    /// A direction `up`/`right`/`down`/`left` (or its first letter), or `x`
    /// for a dead end.
    Direction,
}

/// The outcome of one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the answer was right.
    pub right: bool,
    /// What the tool says: right or wrong, and why.
    pub text: String,
}

impl Question {
    /// Reads typed text as an answer: `None` (with a hint) when it is not
    /// one at all, so that a typo is not marked wrong.
    pub fn read(&self, typed: &str) -> Result<String, String> {
        let text = typed.trim().to_ascii_lowercase();
        let bad = || Err(format!("not an answer: {}", self.hint));
        match self.form {
            Form::Column | Form::Digit => match text.as_str() {
                "d" | "dead" | "dead end" if self.form == Form::Column => Ok("d".into()),
                t => t.parse::<u8>().map(|v| v.to_string()).or_else(|_| bad()),
            },
            Form::Binary(n) => {
                if text.len() == n as usize && text.chars().all(|c| c == '0' || c == '1') {
                    Ok(text)
                } else {
                    Err(format!(
                        "type {n} binary digits, column {} first",
                        n.max(1) - 1
                    ))
                }
            }
            Form::Cell => {
                if matches!(text.as_str(), "d" | "dead" | "dead end") {
                    return Ok("d".into());
                }
                let digits: Vec<&str> = text
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|s| !s.is_empty())
                    .collect();
                match digits.as_slice() {
                    [r, c] => match (r.parse::<u8>(), c.parse::<u8>()) {
                        (Ok(r), Ok(c)) => Ok(format!("{r},{c}")),
                        _ => bad(),
                    },
                    _ => bad(),
                }
            }
            Form::Direction => match text.as_str() {
                "u" | "up" => Ok("up".into()),
                "r" | "right" => Ok("right".into()),
                "d" | "down" => Ok("down".into()),
                "l" | "left" => Ok("left".into()),
                "x" | "dead" | "dead end" => Ok("x".into()),
                _ => bad(),
            },
        }
    }

    /// Whether `c` can begin an answer; any other key, typed before the
    /// answer has begun, keeps its usual meaning (`f` folds, `?` helps).
    pub fn starts(&self, c: char) -> bool {
        match self.form {
            Form::Column | Form::Cell => c.is_ascii_digit() || c == 'd',
            Form::Binary(_) => c == '0' || c == '1',
            Form::Digit => c.is_ascii_digit(),
            Form::Direction => "urdlxURDLX".contains(c),
        }
    }

    /// Judges a canonical answer.
    pub fn judge(&self, answer: &str) -> Verdict {
        if answer == self.answer {
            return Verdict {
                right: true,
                text: format!("right: {}", self.why),
            };
        }
        let reason = self
            .wrong
            .get(answer)
            .cloned()
            .unwrap_or_else(|| "that is not what the search does".into());
        Verdict {
            right: false,
            text: format!(
                "wrong: you said {}, the answer is {}. {}. {}",
                shown(answer),
                shown(&self.answer),
                capitalised(&reason),
                capitalised(&self.why)
            ),
        }
    }
}

fn shown(answer: &str) -> String {
    match answer {
        "d" | "x" => "dead end".into(),
        a => a.to_string(),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What a search can be asked about. Each question is built from the event
/// the search is about to yield and its view now.
pub trait Ask: Report {
    /// The question for `next`, when it is a decision worth predicting.
    /// `previous` is the last event that was not a reject, if any.
    fn question(&self, next: &Self::Event, previous: Option<&Self::Event>) -> Option<Question>;

    /// A question asked on request (N-Queens: the legal mask in binary).
    fn extra_question(&self) -> Option<Question> {
        None
    }
}

impl<R: Rules> Ask for Queens<R> {
    fn question(&self, next: &QueensEvent, _previous: Option<&QueensEvent>) -> Option<Question> {
        let row = self.row();
        let n = self.n();
        let pending = self.pending();
        let legal = self.searchable();
        let (answer, why) = match next {
            QueensEvent::Place { col, .. } => (
                col.to_string(),
                format!(
                    "column {col} is the lowest legal column not yet tried (legal {})",
                    format_set(bits(legal))
                ),
            ),
            QueensEvent::DeadEnd { .. } if !self.checks_at_end() => (
                "d".to_string(),
                format!("every column of row {row} is attacked: legal is {{}}"),
            ),
            _ => return None,
        };
        let masks = self.masks();
        let mut wrong = BTreeMap::new();
        for c in 0..n {
            let bit = 1u32 << c;
            let reason = if masks.attacked() & bit != 0 {
                let by = Attacks::none()
                    .with(Attack::Column, masks.cols & bit != 0)
                    .with(Attack::High, masks.high & bit != 0)
                    .with(Attack::Low, masks.low & bit != 0);
                format!("column {c} is attacked ({})", by.words())
            } else if legal & bit == 0 {
                format!("column {c} is skipped by symmetry")
            } else if pending & bit == 0 {
                format!("column {c} was already tried")
            } else {
                format!("column {c} is legal, but a lower column comes first")
            };
            wrong.insert(c.to_string(), reason);
        }
        wrong.insert(
            "d".into(),
            format!("row {row} still has a legal column not yet tried"),
        );
        Some(Question {
            prompt: format!("Row {row}: which column gets the next queen? Or is it a dead end?"),
            hint: format!("a column 0-{}, or d for a dead end", n.max(1) - 1),
            answer,
            why,
            wrong,
            form: Form::Column,
            then: None,
        })
    }

    fn extra_question(&self) -> Option<Question> {
        let row = self.row();
        let n = self.n();
        if row >= n {
            return None;
        }
        let m = self.masks();
        let answer = format_mask(self.legal(), n);
        Some(Question {
            prompt: format!(
                "Row {row}: type legal = U & !(C|H|L) in binary (C={} H={} L={})",
                format_mask(m.cols, n),
                format_mask(m.high, n),
                format_mask(m.low, n)
            ),
            hint: format!("{n} binary digits, column {} first", n.max(1) - 1),
            why: format!(
                "legal is {answer}, the columns {}",
                format_set(bits(self.legal()))
            ),
            answer,
            wrong: BTreeMap::new(),
            form: Form::Binary(n),
            then: None,
        })
    }
}

impl Ask for Sudoku {
    fn question(&self, next: &SudokuEvent, previous: Option<&SudokuEvent>) -> Option<Question> {
        let g = self.geometry();
        let (cell, candidates) = self.deciding()?;
        let (row, col) = g.coords(cell);
        let digit_question = |digit: u8| {
            let mut wrong = BTreeMap::new();
            for d in 1..=g.size {
                let reason = if candidates >> (d - 1) & 1 == 0 {
                    format!("{d} is already in the cell's row, column or box")
                } else if d < digit {
                    format!("{d} was already tried")
                } else {
                    format!("{d} is a candidate, but digits are tried in increasing order")
                };
                wrong.insert(d.to_string(), reason);
            }
            Question {
                prompt: format!("Which digit goes into ({row},{col}) next?"),
                hint: format!("a digit 1-{}", g.size),
                answer: digit.to_string(),
                why: format!(
                    "{digit} is the lowest candidate not yet tried (candidates {})",
                    format_digits(candidates)
                ),
                wrong,
                form: Form::Digit,
                then: None,
            }
        };
        let (answer, why, then) = match next {
            SudokuEvent::Place { digit, .. } => {
                // After an undo the node tries its next digit in the same
                // cell, so only the digit is worth asking.
                if matches!(previous, Some(SudokuEvent::Undo { .. })) {
                    return Some(digit_question(*digit));
                }
                let why = match self.options().order {
                    crate::search::sudoku::Order::Mrv => format!(
                        "MRV picks ({row},{col}): {}, the fewest, first in row order",
                        candidates_text(candidates.count_ones())
                    ),
                    crate::search::sudoku::Order::First => {
                        format!("({row},{col}) is the first blank in row order")
                    }
                };
                (
                    format!("{row},{col}"),
                    why,
                    Some(Box::new(digit_question(*digit))),
                )
            }
            SudokuEvent::DeadEnd { .. } => (
                "d".to_string(),
                format!("({row},{col}) has no candidate left: a contradiction"),
                None,
            ),
            _ => return None,
        };
        let mut wrong = BTreeMap::new();
        for idx in (0..self.grid().len()).filter(|&i| self.grid()[i] == 0) {
            let (r, c) = g.coords(idx);
            let n = self.candidates(idx).count_ones();
            wrong.insert(
                format!("{r},{c}"),
                format!("({r},{c}) has {}", candidates_text(n)),
            );
        }
        wrong.insert("d".into(), "every blank still has a candidate".into());
        Some(Question {
            prompt: "Which cell is decided next? Or is it a dead end?".into(),
            hint: "a cell as row,col (0-based), or d for a dead end".into(),
            answer,
            why,
            wrong,
            form: Form::Cell,
            then,
        })
    }
}

impl Ask for WordSearch {
    fn question(&self, next: &WordEvent, _previous: Option<&WordEvent>) -> Option<Question> {
        let path = self.path();
        let &(r, c) = path.last()?;
        let board = self.board();
        let here = usize::from(r) * board.cols() + usize::from(c);
        let index = path.len();
        let (answer, why) = match next {
            WordEvent::Place { row, col, .. } => {
                let dir = (0..4).find(|&d| {
                    board.neighbor(here, d)
                        == Some(usize::from(*row) * board.cols() + usize::from(*col))
                })?;
                (
                    DIRECTIONS[dir].2.to_string(),
                    format!(
                        "({row},{col}) holds {}, letter {index} of {}, and is the first such neighbour in the order up, right, down, left",
                        char::from(self.searched()[index]),
                        String::from_utf8_lossy(self.searched())
                    ),
                )
            }
            WordEvent::DeadEnd { .. } => (
                "x".to_string(),
                format!("no neighbour of ({r},{c}) holds the next letter off the path"),
            ),
            _ => return None,
        };
        let mut wrong = BTreeMap::new();
        for (d, (_, _, name)) in DIRECTIONS.iter().enumerate() {
            let reason = match board.neighbor(here, d) {
                None => format!("{name} is off the board"),
                Some(cell) => {
                    let (nr, nc) = (cell / board.cols(), cell % board.cols());
                    let letter = char::from(board.letter(nr, nc));
                    let want = self.searched().get(index).map_or('?', |&l| char::from(l));
                    if self.is_visited(nr, nc) {
                        format!(
                            "({nr},{nc}) is already on the path ({})",
                            Reason::Visited.name()
                        )
                    } else if letter != want {
                        format!("({nr},{nc}) holds {letter}, not {want}")
                    } else {
                        format!(
                            "({nr},{nc}) fits, but a neighbour earlier in the order comes first"
                        )
                    }
                }
            };
            wrong.insert(name.to_string(), reason);
        }
        wrong.insert("x".into(), "a neighbour still continues the word".into());
        Some(Question {
            prompt: format!("From ({r},{c}): which neighbour comes next? Or is it a dead end?"),
            hint: "up, right, down, left (or u, r, d, l), or x for a dead end".into(),
            answer,
            why,
            wrong,
            form: Form::Direction,
            then: None,
        })
    }
}

/// The next event and the first non-reject one from here, peeked on a clone.
pub fn peek<S: Search>(search: &S, skip_rejects: bool) -> Option<S::Event> {
    use crate::search::{EventKind, SearchEvent};
    let mut probe = search.clone();
    loop {
        let event = probe.next()?;
        if !(skip_rejects && event.kind() == EventKind::Reject) {
            return Some(event);
        }
    }
}

/// The score and the question in play.
#[derive(Clone, Debug, Default)]
pub struct Predict {
    /// Answers judged right.
    pub right: u32,
    /// Questions answered.
    pub asked: u32,
    /// The question waiting for an answer, if any.
    pub question: Option<Question>,
    /// The question it replaced on request (the binary mask), to come back to.
    pub paused: Option<Question>,
    /// What has been typed so far.
    pub input: String,
    /// The verdict on the last answer.
    pub verdict: Option<Verdict>,
    /// The step the current question was asked at, so each step asks once.
    pub at_step: Option<u64>,
}

impl Predict {
    /// The score as `right / asked`.
    pub fn score(&self) -> String {
        format!("{} / {}", self.right, self.asked)
    }
}

/// `1 candidate`, `3 candidates`.
fn candidates_text(n: u32) -> String {
    if n == 1 {
        "1 candidate".into()
    } else {
        format!("{n} candidates")
    }
}
