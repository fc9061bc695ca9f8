//! Predict mode: before a decision is revealed, the screen asks what the
//! search will do next; the answer is checked against the event the search
//! actually yields next (peeked from a clone), never against a second
//! implementation of the rules.

use std::collections::BTreeMap;
use std::fmt;

use crate::search::Search;

/// One question about the next decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// What is asked.
    pub prompt: String,
    /// How to type an answer.
    pub hint: String,
    /// The right answer.
    pub answer: Answer,
    /// Why it is right, said after any answer.
    pub why: String,
    /// Why some wrong answers are wrong.
    pub wrong: BTreeMap<Answer, String>,
    /// How typed text becomes an answer.
    pub form: Form,
    /// A question that follows this one (Sudoku: the digit after the cell).
    pub then: Option<Box<Question>>,
}

/// An answer: what the search does next.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Answer {
    /// A number (N-Queens: a column; Sudoku: a digit).
    Number(u32),
    /// A cell, `(row, col)`.
    Cell(u8, u8),
    /// Binary digits, the highest column first.
    Bits(String),
    /// One of the form's names (Word Search: a direction).
    Name(&'static str),
    /// A name read from the input (exact cover: an item), as typed.
    Word(String),
    /// No choice is left: a dead end.
    DeadEnd,
}

impl fmt::Display for Answer {
    /// The answer as the verdict says it: `3`, `1,2`, `0110`, `up`,
    /// `dead end`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Number(n) => write!(f, "{n}"),
            Answer::Cell(r, c) => write!(f, "{r},{c}"),
            Answer::Bits(bits) => f.write_str(bits),
            Answer::Name(name) => f.write_str(name),
            Answer::Word(word) => f.write_str(word),
            Answer::DeadEnd => f.write_str("dead end"),
        }
    }
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
    /// One of these names (or its first letter), or `x` for a dead end.
    Name(&'static [&'static str]),
    /// A name the search read from its input (exact cover: an item), typed
    /// as it is written; letters and digits, case kept.
    Word,
}

/// The outcome of one answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Whether the answer was right.
    pub right: bool,
    /// What the tool says: right or wrong, and why.
    pub text: String,
}

/// What typed text reads as a dead end (`x` instead of `d` where `d` is a
/// name).
const DEAD: [&str; 2] = ["dead", "dead end"];

impl Question {
    /// Reads typed text as an answer: an error (with a hint) when it is not
    /// one at all, so that a typo is not marked wrong.
    pub fn read(&self, typed: &str) -> Result<Answer, String> {
        let text = typed.trim().to_ascii_lowercase();
        let bad = || Err(format!("not an answer: {}", self.hint));
        match self.form {
            Form::Column | Form::Digit => match text.as_str() {
                t if self.form == Form::Column && (t == "d" || DEAD.contains(&t)) => {
                    Ok(Answer::DeadEnd)
                }
                t => t
                    .parse::<u8>()
                    .map(|v| Answer::Number(u32::from(v)))
                    .or_else(|_| bad()),
            },
            Form::Binary(n) => {
                if text.len() == n as usize && text.chars().all(|c| c == '0' || c == '1') {
                    Ok(Answer::Bits(text))
                } else {
                    Err(format!(
                        "type {n} binary digits, column {} first",
                        n.max(1) - 1
                    ))
                }
            }
            Form::Cell => {
                if text == "d" || DEAD.contains(&text.as_str()) {
                    return Ok(Answer::DeadEnd);
                }
                let digits: Vec<&str> = text
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|s| !s.is_empty())
                    .collect();
                match digits.as_slice() {
                    [r, c] => match (r.parse::<u8>(), c.parse::<u8>()) {
                        (Ok(r), Ok(c)) => Ok(Answer::Cell(r, c)),
                        _ => bad(),
                    },
                    _ => bad(),
                }
            }
            Form::Word => {
                let word = typed.trim();
                if word.is_empty() || word.contains(char::is_whitespace) {
                    bad()
                } else {
                    Ok(Answer::Word(word.to_string()))
                }
            }
            Form::Name(names) => {
                // A name, or its first letter.
                let initial = |name: &str| name.chars().next();
                let named = names.iter().find(|name| {
                    **name == text
                        || (text.chars().count() == 1 && initial(name) == text.chars().next())
                });
                match named {
                    Some(name) => Ok(Answer::Name(name)),
                    None if text == "x" || DEAD.contains(&text.as_str()) => Ok(Answer::DeadEnd),
                    None => bad(),
                }
            }
        }
    }

    /// Whether `c` can begin an answer; any other key, typed before the
    /// answer has begun, keeps its usual meaning (`f` folds, `?` helps).
    pub fn starts(&self, c: char) -> bool {
        match self.form {
            Form::Column | Form::Cell => c.is_ascii_digit() || c == 'd',
            Form::Binary(_) => c == '0' || c == '1',
            Form::Digit => c.is_ascii_digit(),
            Form::Word => c.is_ascii_alphanumeric(),
            Form::Name(names) => {
                let c = c.to_ascii_lowercase();
                c == 'x' || names.iter().any(|name| name.starts_with(c))
            }
        }
    }

    /// Judges an answer.
    pub fn judge(&self, answer: &Answer) -> Verdict {
        if *answer == self.answer {
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
                "wrong: you said {answer}, the answer is {}. {}. {}",
                self.answer,
                capitalised(&reason),
                capitalised(&self.why)
            ),
        }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// What a search can be asked about, its events being `E`. Each question
/// is built from the event the search is about to yield and its view now.
/// Optional: a search offers it through [`crate::ui::scene::Scene::ask`].
pub trait Ask<E> {
    /// The question for `next`, when it is a decision worth predicting.
    /// `previous` is the last event that was not a reject, if any.
    fn question(&self, next: &E, previous: Option<&E>) -> Option<Question>;

    /// A question asked on request (N-Queens: the legal mask in binary).
    fn extra_question(&self) -> Option<Question> {
        None
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
