//! A real browser for the tests: headless Chromium driven by chromedriver
//! through the W3C WebDriver protocol, spoken here over a plain
//! `TcpStream` to 127.0.0.1 (a few requests, no client library).
//!
//! [`Browser::open`] finds `chromium` and `chromedriver` (Debian's
//! packages; `.ci/run` installs them): when they are missing it returns
//! `None` and says the test was skipped, unless `CI` is set, where a
//! missing browser fails the test.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// Where Debian puts the browser and its driver.
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// WebDriver's key codes for keys that are not characters.
pub mod key {
    pub const RIGHT: &str = "\u{E014}";
    pub const LEFT: &str = "\u{E012}";
    pub const ENTER: &str = "\u{E007}";
    pub const ESCAPE: &str = "\u{E00C}";
    pub const HOME: &str = "\u{E011}";
    pub const END: &str = "\u{E010}";
    pub const BACKSPACE: &str = "\u{E003}";
}

/// A chromedriver process with one browser session; both end on drop.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
    profile: PathBuf,
}

impl Browser {
    /// Starts chromedriver and a headless Chromium with a fresh profile,
    /// its network features off (the closed network makes them hang);
    /// `None` (and a line saying so) if they are not installed and `CI` is
    /// not set.
    pub fn open(test: &str) -> Option<Browser> {
        let installed = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
        if !installed {
            let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false");
            assert!(
                !ci,
                "{test}: {CHROMIUM} or {CHROMEDRIVER} is missing, and CI is set: \
                 .ci/run installs them (apt-get install chromium chromium-driver)"
            );
            println!(
                "{test}: SKIPPED: {CHROMIUM} or {CHROMEDRIVER} is missing \
                 (apt-get install chromium chromium-driver runs it)"
            );
            return None;
        }
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile =
            std::env::temp_dir().join(format!("backstep-chromium-{}-{port}", std::process::id()));
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
            profile,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while browser.request("GET", "/status", None).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not answer");
            std::thread::sleep(Duration::from_millis(50));
        }
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1000,900",
        ];
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        args.push(format!("--user-data-dir={}", browser.profile.display()));
        let capabilities = json!({
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": { "binary": CHROMIUM, "args": args },
                    "goog:loggingPrefs": { "performance": "ALL" }
                }
            }
        });
        let answer = browser
            .request("POST", "/session", Some(&capabilities))
            .expect("a browser session");
        browser.session = answer["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        Some(browser)
    }

    /// One WebDriver command: its `value`, or the error it answered.
    fn request(&self, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .map_err(|e| e.to_string())?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        );
        stream
            .write_all(request.as_bytes())
            .map_err(|e| e.to_string())?;
        let (head, body) = read_answer(&mut stream)?;
        let body = if head.contains("transfer-encoding: chunked") {
            unchunk(&body)
        } else {
            body
        };
        let body = String::from_utf8(body).map_err(|e| e.to_string())?;
        let value: Value = serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
        if value["value"]["error"].is_string() {
            return Err(format!("{path}: {}", value["value"]));
        }
        Ok(value["value"].clone())
    }

    /// A command of this session.
    fn command(&self, method: &str, path: &str, body: Option<&Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        self.request(method, &path, body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
    }

    /// Opens `url` and waits until the document has loaded.
    pub fn navigate(&self, url: &str) {
        self.command("POST", "/url", Some(&json!({ "url": url })));
    }

    /// Runs `script` (a function body) in the page and returns its value.
    pub fn run(&self, script: &str) -> Value {
        self.command(
            "POST",
            "/execute/sync",
            Some(&json!({ "script": script, "args": [] })),
        )
    }

    /// Waits (up to 10 s) until `script` returns true.
    pub fn wait_for(&self, script: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.run(script) != Value::Bool(true) {
            if Instant::now() > deadline {
                let seen = self.run(
                    "return location.href + ' | ' + document.readyState + ' | ' + \
                     (document.getElementById('message') || {}).textContent",
                );
                panic!("waited in vain for: {script} (the page: {seen})");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Presses and releases each key in turn, as a keyboard would (real
    /// key events: `keydown`, `keypress`, `keyup`).
    pub fn press(&self, keys: &[&str]) {
        let mut actions = Vec::new();
        for key in keys {
            actions.push(json!({ "type": "keyDown", "value": key }));
            actions.push(json!({ "type": "keyUp", "value": key }));
        }
        self.command(
            "POST",
            "/actions",
            Some(&json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }] })),
        );
        self.command("DELETE", "/actions", None);
    }

    /// Has the page seen as `media` (`screen` or `print`) on a system that
    /// prefers the `scheme` colour scheme (`light` or `dark`), through the
    /// DevTools protocol command chromedriver passes on.
    pub fn emulate(&self, media: &str, scheme: &str) {
        let params = json!({
            "media": media,
            "features": [{ "name": "prefers-color-scheme", "value": scheme }]
        });
        self.command(
            "POST",
            "/goog/cdp/execute",
            Some(&json!({ "cmd": "Emulation.setEmulatedMedia", "params": params })),
        );
    }

    /// Every request the browser sent since the last call (from its
    /// performance log: `Network.requestWillBeSent`): the address of the
    /// document it was sent for, and its own.
    pub fn requests(&self) -> Vec<(String, String)> {
        let log = self.command("POST", "/se/log", Some(&json!({ "type": "performance" })));
        let mut urls = Vec::new();
        for entry in log.as_array().into_iter().flatten() {
            let Some(message) = entry["message"].as_str() else {
                continue;
            };
            let message: Value = serde_json::from_str(message).expect("a JSON log message");
            if message["message"]["method"] == "Network.requestWillBeSent" {
                let params = &message["message"]["params"];
                let text = |value: &Value| value.as_str().unwrap_or_default().to_string();
                urls.push((
                    text(&params["documentURL"]),
                    text(&params["request"]["url"]),
                ));
            }
        }
        urls
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            let _ = self.request("DELETE", &path, None);
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Reads one HTTP answer: its head (lower case) and its body, as long as
/// its `Content-Length` says (chromedriver keeps the connection open), or
/// to the end of the stream.
fn read_answer(stream: &mut TcpStream) -> Result<(String, Vec<u8>), String> {
    let mut answer = Vec::new();
    let mut buffer = [0u8; 65536];
    loop {
        // A signal may interrupt the read before any byte came: read again.
        let read = match stream.read(&mut buffer) {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            read => read.map_err(|e| e.to_string())?,
        };
        answer.extend_from_slice(&buffer[..read]);
        if let Some(split) = answer.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&answer[..split]).to_ascii_lowercase();
            let length = head.lines().find_map(|line| {
                let value = line.strip_prefix("content-length:")?;
                value.trim().parse::<usize>().ok()
            });
            let body_start = split + 4;
            match length {
                Some(length) if answer.len() >= body_start + length => {
                    return Ok((head, answer[body_start..body_start + length].to_vec()));
                }
                Some(_) if read > 0 => continue,
                _ if read == 0 => return Ok((head, answer[body_start..].to_vec())),
                _ => continue,
            }
        }
        if read == 0 {
            return Err(format!(
                "the answer ended early: {}",
                String::from_utf8_lossy(&answer)
            ));
        }
    }
}

/// A chunked HTTP body put back together.
fn unchunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(end) = body.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&body[..end])
            .ok()
            .and_then(|s| usize::from_str_radix(s.trim(), 16).ok());
        let rest = &body[end + 2..];
        match size {
            Some(size) if size > 0 && rest.len() >= size => {
                out.extend_from_slice(&rest[..size]);
                body = rest[size..].strip_prefix(b"\r\n").unwrap_or(&rest[size..]);
            }
            _ => break,
        }
    }
    out
}
