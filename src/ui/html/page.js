// backstep's lesson page: steps through the frames stored below, with the
// terminal's keys. Written by `backstep ... --print html`; needs nothing
// outside this file.
'use strict';
(function () {
  const config = JSON.parse(document.getElementById('config').textContent);
  const screen = document.getElementById('screen');
  const slider = document.getElementById('slider');
  const where = document.getElementById('where');
  const state = document.getElementById('state');
  const message = document.getElementById('message');
  const help = document.getElementById('help');
  const from = config.from;
  const last = config.last;
  const kinds = config.kinds;
  const count = last - from + 1;

  // Every step's rows, once the frames are read: row numbers in `ids`,
  // `height` per step.
  let rows = null;
  let ids = null;
  let height = 0;
  let index = 0;
  let running = false;
  let speed = config.speed;
  let carry = 0;
  let lastTick = 0;
  let prompt = null;
  let hashSet = 0;
  let hashTimer = 0;

  const keyMap = new Map();
  for (const row of config.keys) {
    for (const key of row.keys) {
      keyMap.set(key, row.action);
    }
  }

  function say(text) {
    message.textContent = text;
  }

  function draw() {
    const at = index * height;
    let html = '';
    for (let y = 0; y < height; y++) {
      html += rows[ids[at + y]] + '\n';
    }
    screen.innerHTML = html;
    const step = from + index;
    slider.value = String(step);
    where.textContent = 'step ' + step + ' (' + from + '\u2013' + last + ')';
    state.textContent = running ? runningText() : 'paused';
    if (prompt !== null) {
      state.textContent = 'jump to step: ' + prompt + '\u258f';
    }
    setHash(step);
  }

  function runningText() {
    const rate = config.speeds[speed];
    return rate === null ? 'running as fast as possible' : 'running at ' + rate + ' events/s';
  }

  // The address follows the step, at most about five times a second while
  // running (a browser slows pages that change it faster).
  function setHash(step) {
    const write = function () {
      hashTimer = 0;
      hashSet = performance.now();
      const want = '#step=' + (from + index);
      if (location.hash !== want) {
        location.replace(want);
      }
    };
    if (hashTimer) {
      return;
    }
    const wait = hashSet + 200 - performance.now();
    if (wait <= 0) {
      write();
    } else {
      hashTimer = setTimeout(write, wait);
    }
  }

  function go(step) {
    index = Math.max(0, Math.min(count - 1, step - from));
    if (rows) {
      draw();
    }
  }

  function stop() {
    running = false;
  }

  // The next step after the current one whose event is of `kind`; as in
  // the terminal, a search that finds none ends at the last step.
  function next(kind, label) {
    for (let i = index + 1; i < count; i++) {
      if (kinds[i] === kind) {
        index = i;
        return;
      }
    }
    index = count - 1;
    say('no ' + label + ' from here');
  }

  // The latest step before the current one whose event is of `kind`; none
  // leaves the step as it is.
  function previous(kind, label) {
    for (let i = index - 1; i >= 0; i--) {
      if (kinds[i] === kind) {
        index = i;
        return;
      }
    }
    say('no ' + label + ' from here');
  }

  const atEnd = config.end ? 'at the end of the search' : 'at the end of this page (step ' + last + ')';
  const atStart = from === 0 ? 'at the start' : 'at the start of this page (step ' + from + ')';

  function act(action) {
    say('');
    switch (action) {
      case 'Step':
        stop();
        if (index + 1 < count) index++; else say(atEnd);
        break;
      case 'Back':
        stop();
        if (index > 0) index--; else say(atStart);
        break;
      case 'Run':
        running = !running && index + 1 < count;
        carry = 0;
        lastTick = performance.now();
        if (running) requestAnimationFrame(tick);
        break;
      case 'Faster':
        speed = Math.min(config.speeds.length - 1, speed + 1);
        break;
      case 'Slower':
        speed = Math.max(0, speed - 1);
        break;
      case 'NextNode': stop(); next('p', 'next node'); break;
      case 'PrevNode': stop(); previous('p', 'previous node'); break;
      case 'NextSolution': stop(); next('s', 'next solution'); break;
      case 'PrevSolution': stop(); previous('s', 'previous solution'); break;
      case 'NextDeadEnd': stop(); next('d', 'next dead end'); break;
      case 'PrevDeadEnd': stop(); previous('d', 'previous dead end'); break;
      case 'Start': stop(); index = 0; break;
      case 'End': stop(); index = count - 1; break;
      case 'Jump': stop(); prompt = ''; break;
      case 'Help': help.hidden = !help.hidden; break;
      case 'Cancel':
        if (running) {
          running = false;
          say('cancelled');
        } else if (!help.hidden) {
          help.hidden = true;
        } else {
          say('nothing to cancel');
        }
        break;
    }
    draw();
  }

  // A key while the step number is typed after ':', as the terminal reads it.
  function promptKey(key) {
    if (/^[0-9]$/.test(key) && prompt.length < 12) {
      prompt += key;
    } else if (key === ',' || key === '_') {
      // Thousands separators are skipped.
    } else if (key === 'Backspace') {
      prompt = prompt.slice(0, -1);
    } else if (key === 'Enter') {
      const text = prompt;
      prompt = null;
      if (text === '') {
        say("type a step number after ':'");
      } else {
        const step = Number(text);
        if (step < from) say('this page starts at step ' + from);
        else if (step > last) say(atEnd);
        go(step);
      }
    } else if (key === 'Escape') {
      prompt = null;
    } else if (key.length === 1) {
      say('digits only: the step to jump to, then enter');
    } else {
      return;
    }
    draw();
  }

  function tick(now) {
    if (!running) return;
    const rate = config.speeds[speed];
    const elapsed = Math.max(0, now - lastTick) / 1000;
    lastTick = now;
    let steps;
    if (rate === null) {
      steps = 1000;
    } else {
      carry += elapsed * rate;
      steps = Math.floor(carry);
      carry -= steps;
    }
    if (steps > 0) {
      index = Math.min(count - 1, index + steps);
      if (index === count - 1) running = false;
      draw();
    }
    if (running) requestAnimationFrame(tick);
  }

  document.addEventListener('keydown', function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || !rows) return;
    if (prompt !== null) {
      event.preventDefault();
      promptKey(event.key);
      return;
    }
    const action = keyMap.get(event.key);
    if (action === undefined) return;
    event.preventDefault();
    act(action);
  });

  for (const button of document.querySelectorAll('#buttons button')) {
    button.addEventListener('click', function () {
      if (!rows) return;
      const action = button.dataset.action;
      if (action === 'Jump') {
        const text = window.prompt('Jump to step (' + from + '\u2013' + last + '):', String(from + index));
        if (text !== null && /^[0-9]+$/.test(text.trim())) go(Number(text.trim()));
        return;
      }
      act(action);
    });
  }

  slider.addEventListener('input', function () {
    stop();
    go(Number(slider.value));
  });

  function fromHash() {
    const found = /^#step=([0-9]+)$/.exec(location.hash);
    return found ? Number(found[1]) : null;
  }

  window.addEventListener('hashchange', function () {
    const step = fromHash();
    if (step !== null && step !== from + index) {
      stop();
      go(step);
    }
  });

  // The frames: base64 with '-' for 'h', raw DEFLATE, JSON.
  async function load() {
    const text = document.getElementById('frames').textContent.trim().replaceAll('-', 'h');
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) {
      bytes[i] = binary.charCodeAt(i);
    }
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    const data = JSON.parse(await new Response(stream).text());
    height = data.height;
    const frames = data.frames;
    const all = new Uint32Array(frames.length * height);
    for (let i = 0; i < frames.length; i++) {
      const frame = frames[i];
      const at = i * height;
      if (i % data.key === 0) {
        all.set(frame, at);
      } else {
        all.copyWithin(at, at - height, at);
        for (let j = 0; j < frame.length; j += 2) {
          all[at + frame[j]] = frame[j + 1];
        }
      }
    }
    ids = all;
    rows = data.rows;
    const step = fromHash();
    go(step === null ? from : step);
    document.body.dataset.ready = 'yes';
    document.body.dataset.loaded = String(Math.round(performance.now()));
  }

  // For a course page's own script, and for tests: the step shown, and a
  // way to show another.
  window.backstep = {
    step: function () { return from + index; },
    speed: function () { return speed; },
    go: function (step) { stop(); go(step); },
  };

  load().catch(function (error) {
    say('cannot read the frames: ' + error);
  });
})();
