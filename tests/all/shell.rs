//! `backstep completions SHELL` and `backstep man`: the scripts and the
//! page are generated from the command line, so each must name every
//! subcommand that `backstep --help` lists, and must be valid for the
//! program that reads it (`bash -n`, bash's own completion call, `groff`).

use std::io::Write;
use std::process::{Command, Stdio};

use crate::{backstep, stderr_text, stdout_text};

/// The commands a `--help` text lists under `Commands:`, `help` aside.
fn commands_in_help(args: &[&str]) -> Vec<String> {
    let output = backstep(args);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_text(&output));
    let help = stdout_text(&output);
    let names: Vec<String> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    names
}

/// Every subcommand of the program, as `--help` lists them.
fn subcommands() -> Vec<String> {
    let names = commands_in_help(&["--help"]);
    for expected in [
        "queens",
        "sudoku",
        "colour",
        "compare",
        "completions",
        "man",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} in {names:?}"
        );
    }
    names
}

/// Runs a program with `input` on its standard input.
fn run_with_input(program: &str, args: &[&str], input: &[u8]) -> std::process::Output {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{program} runs: {e}"));
    let mut stdin = child.stdin.take().expect("a piped stdin");
    stdin.write_all(input).expect("the input is written");
    drop(stdin);
    child.wait_with_output().expect("the program finishes")
}

#[test]
fn every_completion_script_names_every_subcommand() {
    let names = subcommands();
    let compared = commands_in_help(&["compare", "--help"]);
    assert!(compared.len() >= 3, "{compared:?}");
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = backstep(&["completions", shell]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{shell}: {}",
            stderr_text(&output)
        );
        let script = stdout_text(&output);
        assert!(script.lines().count() > 20, "{shell}: {script}");
        for name in names.iter().chain(&compared) {
            let word = script
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
                .any(|w| w == name);
            assert!(word, "{shell} completion names {name}");
        }
    }
}

#[test]
fn an_unknown_shell_is_refused_by_name() {
    let output = backstep(&["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
    let err = stderr_text(&output);
    assert!(err.contains("tcsh") && err.contains("bash"), "{err}");
}

#[test]
fn the_bash_script_parses_and_completes_subcommands() {
    let script = backstep(&["completions", "bash"]).stdout;
    let parsed = run_with_input("bash", &["-n"], &script);
    assert!(parsed.status.success(), "bash -n: {}", stderr_text(&parsed));
    // Load it and ask it what bash would ask on `backstep qu<Tab>` and on
    // `backstep compare s<Tab>`.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("backstep-completion.bash");
    std::fs::write(&path, &script).unwrap();
    let probe = format!(
        "source {}\n\
         COMP_WORDS=(backstep qu); COMP_CWORD=1; _backstep backstep qu backstep\n\
         echo \"1:${{COMPREPLY[*]}}\"\n\
         COMP_WORDS=(backstep compare s); COMP_CWORD=2; _backstep backstep s compare\n\
         echo \"2:${{COMPREPLY[*]}}\"\n\
         COMP_WORDS=(backstep completions ''); COMP_CWORD=2; _backstep backstep '' completions\n\
         echo \"3:${{COMPREPLY[*]}}\"\n",
        path.display()
    );
    let output = run_with_input("bash", &[], probe.as_bytes());
    let text = stdout_text(&output);
    let line = |n: &str| {
        let prefix = format!("{n}:");
        let line = text.lines().find(|l| l.starts_with(&prefix));
        let line = line.unwrap_or_else(|| panic!("line {n} in {text}{}", stderr_text(&output)));
        let mut words: Vec<&str> = line[prefix.len()..]
            .split_whitespace()
            .filter(|w| !w.starts_with('-'))
            .collect();
        words.sort_unstable();
        words.join(" ")
    };
    assert_eq!(line("1"), "queens");
    assert_eq!(line("2"), "sudoku");
    assert_eq!(line("3"), "bash elvish fish powershell zsh");
}

#[test]
fn the_man_page_is_roff_that_names_every_subcommand() {
    let output = backstep(&["man"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr_text(&output));
    let page = stdout_text(&output);
    assert!(
        page.starts_with(".TH backstep 1 "),
        "{}",
        &page[..80.min(page.len())]
    );
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(page.lines().any(|l| l == section), "{section}");
    }
    for name in subcommands() {
        // roff escapes the hyphen: `backstep\-queens(1)`.
        let entry = format!("backstep\\-{}(1)", name.replace('-', "\\-"));
        assert!(page.contains(&entry), "the page lists {entry}");
    }
    assert_groff_reads_cleanly(&output.stdout);
}

#[test]
fn each_command_has_its_own_page() {
    for name in subcommands() {
        let output = backstep(&["man", &name]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{name}: {}",
            stderr_text(&output)
        );
        let page = stdout_text(&output);
        let header = format!(".TH backstep-{name} 1 ");
        assert!(
            page.starts_with(&header),
            "{name}: {}",
            &page[..60.min(page.len())]
        );
        assert!(
            page.contains(&format!("\\fBbackstep {name}\\fR")),
            "{name} synopsis"
        );
        assert_groff_reads_cleanly(&output.stdout);
    }
    let output = backstep(&["man", "nonesuch"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr_text(&output).contains("\"nonesuch\""),
        "{}",
        stderr_text(&output)
    );
}

/// `groff -man` formats the page with every warning on and says nothing.
fn assert_groff_reads_cleanly(page: &[u8]) {
    if Command::new("groff").arg("--version").output().is_err() {
        eprintln!("groff is not installed: the page's roff is not formatted");
        return;
    }
    let output = run_with_input("groff", &["-man", "-ww", "-z"], page);
    assert!(
        output.status.success(),
        "groff failed: {}",
        stderr_text(&output)
    );
    assert_eq!(stderr_text(&output), "", "groff warnings");
}
