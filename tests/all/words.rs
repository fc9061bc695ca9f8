//! `backstep words` (EVENTS.md §2 words): the reference stream and summary, a
//! brute-force single-word search per word as the oracle (with and without
//! pruning), and bad word lists.

use backstep::input;
use backstep::input::words::{
    DEFAULT_BOARD, DEFAULT_WORDS, ListError, Place, load_words, parse_word_list,
};
use backstep::print::{Mode, print};
use backstep::search::Search;
use backstep::search::word::Board;
use backstep::search::words::{Words, WordsEvent, WordsOptions};

use crate::Rng;
use crate::propagate::{assert_same_jsonl, reference_summary};

const DEFAULT_JSONL: &str = include_str!("../fixtures/words-default.jsonl");

fn default_search() -> Words {
    let board = input::load_board(DEFAULT_BOARD).expect("a board").value;
    let words = load_words(DEFAULT_WORDS).expect("a list");
    Words::new(&board, &words, WordsOptions::default())
}

fn printed(search: Words, mode: Mode) -> String {
    let mut out = Vec::new();
    print(search, mode, &mut out).expect("printing to memory works");
    String::from_utf8(out).expect("UTF-8 output")
}

#[test]
fn default_jsonl_matches_the_reference() {
    assert_same_jsonl(&printed(default_search(), Mode::Jsonl), DEFAULT_JSONL);
}

#[test]
fn default_summary_matches_the_reference() {
    assert_eq!(
        printed(default_search(), Mode::Summary),
        reference_summary("backstep words --print summary")
    );
}

/// The brute force: does `word` lie on the board as a path of adjacent,
/// distinct cells? Tried from every cell, every direction, no trie.
fn on_board(board: &[Vec<u8>], word: &[u8]) -> bool {
    fn extend(board: &[Vec<u8>], word: &[u8], path: &mut Vec<(usize, usize)>) -> bool {
        if path.len() == word.len() {
            return true;
        }
        let candidates: Vec<(usize, usize)> = match path.last() {
            None => (0..board.len())
                .flat_map(|r| (0..board[r].len()).map(move |c| (r, c)))
                .collect(),
            Some(&(r, c)) => {
                let mut n = Vec::new();
                if r > 0 {
                    n.push((r - 1, c));
                }
                if c > 0 {
                    n.push((r, c - 1));
                }
                if r + 1 < board.len() {
                    n.push((r + 1, c));
                }
                if c + 1 < board[r].len() {
                    n.push((r, c + 1));
                }
                n
            }
        };
        for (r, c) in candidates {
            if board[r][c] == word[path.len()] && !path.contains(&(r, c)) {
                path.push((r, c));
                if extend(board, word, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    !word.is_empty() && extend(board, word, &mut Vec::new())
}

/// Whether `path` spells `word` through adjacent, distinct cells.
fn spells(board: &[Vec<u8>], word: &str, path: &[(u8, u8)]) -> bool {
    let cells: Vec<(usize, usize)> = path
        .iter()
        .map(|&(r, c)| (usize::from(r), usize::from(c)))
        .collect();
    let distinct = cells
        .iter()
        .enumerate()
        .all(|(i, a)| !cells[..i].contains(a));
    let adjacent = cells
        .windows(2)
        .all(|w| w[0].0.abs_diff(w[1].0) + w[0].1.abs_diff(w[1].1) == 1);
    let letters: Vec<u8> = cells.iter().map(|&(r, c)| board[r][c]).collect();
    distinct && adjacent && letters == word.as_bytes()
}

fn found_set(
    board: &Board,
    words: &[String],
    options: WordsOptions,
) -> Vec<(String, Vec<(u8, u8)>)> {
    let mut search = Words::new(board, words, options);
    search.run_to_end();
    assert_eq!(search.counters().depth, 0);
    search
        .found_words()
        .into_iter()
        .map(|(w, p)| (w.to_string(), p.to_vec()))
        .collect()
}

#[test]
fn random_boards_agree_with_a_single_word_search_per_word() {
    let mut rng = Rng::new(212);
    let (mut found_any, mut stopped_early) = (0, 0);
    for case in 0..1500 {
        let (rows, cols) = (1 + rng.below(4), 1 + rng.below(4));
        let letters: Vec<Vec<u8>> = (0..rows)
            .map(|_| (0..cols).map(|_| b"ABC"[rng.below(3)]).collect())
            .collect();
        let lines: Vec<String> = letters
            .iter()
            .map(|l| String::from_utf8(l.clone()).expect("ASCII"))
            .collect();
        let board = Board::new(&lines).expect("a valid board");
        let list: Vec<String> = (0..1 + rng.below(8))
            .map(|_| {
                (0..1 + rng.below(6))
                    .map(|_| char::from(b"ABC"[rng.below(3)]))
                    .collect()
            })
            .collect();
        let words = parse_word_list(&list.join(",")).expect("a valid list");
        let want: Vec<&String> = words
            .iter()
            .filter(|w| on_board(&letters, w.as_bytes()))
            .collect();
        let case = format!("case {case}: board {lines:?}, words {words:?}");
        let mut sets = Vec::new();
        for prune in [true, false] {
            for inventory in [true, false] {
                let options = WordsOptions {
                    inventory,
                    prune,
                    rejects: true,
                };
                let found = found_set(&board, &words, options);
                let names: Vec<&String> = found.iter().map(|(w, _)| w).collect();
                assert_eq!(names, want, "{case}, prune {prune}, inventory {inventory}");
                for (word, path) in &found {
                    assert!(
                        spells(&letters, word, path),
                        "{case}: {word} along {path:?}"
                    );
                }
                sets.push(names.into_iter().cloned().collect::<Vec<_>>());
            }
        }
        assert!(sets.windows(2).all(|w| w[0] == w[1]), "{case}");
        found_any += usize::from(!want.is_empty());
        // Pruning must sometimes end the search before its natural end.
        let pruned = Words::new(&board, &words, WordsOptions::default()).count();
        let unpruned = Words::new(
            &board,
            &words,
            WordsOptions {
                prune: false,
                ..WordsOptions::default()
            },
        )
        .count();
        stopped_early += usize::from(pruned < unpruned);
    }
    assert!(
        found_any > 100 && stopped_early > 50,
        "{found_any} {stopped_early}"
    );
}

#[test]
fn a_found_word_is_reported_once_without_pruning() {
    // AB lies on the board twice; without pruning the search sees both
    // paths but reports the word once, and never stops early.
    let board = Board::new(&["AB", "BA"]).expect("a board");
    let words = parse_word_list("AB").expect("a list");
    let options = WordsOptions {
        prune: false,
        ..WordsOptions::default()
    };
    let events: Vec<WordsEvent> = Words::new(&board, &words, options).collect();
    let solutions = events
        .iter()
        .filter(|e| matches!(e, WordsEvent::Solution { .. }))
        .count();
    assert_eq!(solutions, 1);
    let starts = events.len();
    let pruned: Vec<WordsEvent> = Words::new(&board, &words, WordsOptions::default()).collect();
    assert!(pruned.len() < starts, "pruning stops once AB is found");
    assert!(matches!(pruned.last(), Some(WordsEvent::Undo { .. })));
}

#[test]
fn bad_word_lists_are_refused_naming_the_word() {
    let long = "A".repeat(33);
    let cases: Vec<(String, ListError)> = vec![
        ("".into(), ListError::Empty),
        (" , ".into(), ListError::EmptyWord { at: Place::Word(1) }),
        (
            "OATH,,EAT".into(),
            ListError::EmptyWord { at: Place::Word(2) },
        ),
        (
            "OATH,P3A".into(),
            ListError::NotALetter {
                at: Place::Word(2),
                word: "P3A".into(),
                position: 2,
                ch: '3',
            },
        ),
        (
            format!("OATH,{long}"),
            ListError::TooLong {
                at: Place::Word(2),
                word: long.clone(),
                len: 33,
            },
        ),
        (
            (0..65)
                .map(|i| format!("A{}", char::from(b'A' + (i % 26) as u8)).repeat(1 + i / 26))
                .collect::<Vec<_>>()
                .join(","),
            ListError::TooMany { count: 65 },
        ),
        (
            "été".into(),
            ListError::NotALetter {
                at: Place::Word(1),
                word: "été".into(),
                position: 1,
                ch: 'é',
            },
        ),
    ];
    for (list, want) in cases {
        let got = parse_word_list(&list);
        assert_eq!(got, Err(want.clone()), "{list:?}");
        // The message names the word's position (or the count).
        let text = want.to_string();
        assert!(!text.is_empty() && !text.contains("panicked"), "{text}");
    }
    assert_eq!(
        ListError::NotALetter {
            at: Place::Word(2),
            word: "P3A".into(),
            position: 2,
            ch: '3'
        }
        .to_string(),
        "words: word 2 \"P3A\": '3' at position 2 is not a letter A-Z"
    );
}

#[test]
fn repeats_are_dropped_keeping_the_first_and_64_distinct_words_pass() {
    assert_eq!(
        parse_word_list("eat, OATH,Eat,oath,PEA").expect("valid"),
        vec!["EAT", "OATH", "PEA"]
    );
    let many: Vec<String> = (0..64)
        .map(|i| format!("{}{}", char::from(b'A' + i / 26), char::from(b'A' + i % 26)))
        .collect();
    let mut list = many.clone();
    list.extend(many.iter().cloned());
    assert_eq!(parse_word_list(&list.join(",")).expect("64 distinct"), many);
}

#[test]
fn a_word_list_file_is_read_one_word_per_line() {
    let dir = std::env::temp_dir().join(format!("backstep-words-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let good = dir.join("good.txt");
    std::fs::write(&good, "oath\n\n# a comment\npea\noath\n").expect("written");
    let path = good.to_str().expect("UTF-8 path");
    assert_eq!(load_words(path).expect("a file"), vec!["OATH", "PEA"]);
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "OATH\nPE A\n").expect("written");
    let err = load_words(bad.to_str().expect("UTF-8 path")).expect_err("a space in a word");
    let text = format!("{err:#}");
    assert!(text.contains("line 2") && text.contains("PE A"), "{text}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn too_long_and_inventory_rejects_come_first_in_list_order() {
    let board = Board::new(&["AB"]).expect("a board");
    let words = parse_word_list("ABC,ZZ,AB,BAA").expect("a list");
    let events: Vec<WordsEvent> = Words::new(&board, &words, WordsOptions::default()).collect();
    assert_eq!(
        events[..3],
        [
            WordsEvent::TooLong {
                word: 0,
                need: 3,
                have: 2
            },
            WordsEvent::Inventory {
                word: 1,
                letter: b'Z',
                need: 2,
                have: 0
            },
            WordsEvent::TooLong {
                word: 3,
                need: 3,
                have: 2
            },
        ]
    );
}
