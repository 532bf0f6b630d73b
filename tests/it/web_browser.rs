//! The page in a real browser: Debian's Chromium, driven over WebDriver by
//! chromedriver, against the real `paperboard serve`, all on loopback.
//!
//! One browser session goes through what a teacher does: picks a sheet,
//! changes options and sees the preview follow, makes a mistake and sees it
//! at its field, downloads the PDF (checked: A4, its text, the command line's
//! bytes) and the spec, opens the spec again; pastes records with an illegal
//! move, sees the error at its line with suggestions, applies one; builds a
//! handout; analyses a ruleset; moves between the tabs with the keyboard.
//! Screenshots at desktop and tablet widths go to
//! `target/tmp/web-screenshots/` for a person to look at.
//!
//! CI installs `chromium` and `chromium-driver` (`.ci/run`); where they are
//! missing the test says so loudly and passes, except under CI, where it
//! fails.

use crate::common;

use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::web::Server;
use common::{media_box, page_count, pdftotext_layout};
use fantoccini::{Client, ClientBuilder, Locator, key::Key};
use serde_json::{Value, json};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const PATIENCE: Duration = Duration::from_secs(30);
/// The windows the page is tried in: a laptop, a tablet, a phone.
const WIDTHS: [(u32, u32); 3] = [(1280, 800), (768, 1024), (390, 844)];

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// A running chromedriver, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < PATIENCE, "chromedriver does not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver { child, port }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The browser, the server, and where downloads land.
struct Session {
    client: Client,
    server: Server,
    downloads: PathBuf,
    shots: PathBuf,
}

impl Session {
    fn url(&self, rest: &str) -> String {
        format!("{}/{rest}", self.server.url())
    }

    async fn find(&self, css: &str) -> Res<fantoccini::elements::Element> {
        Ok(self
            .client
            .wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css(css))
            .await?)
    }

    async fn click(&self, css: &str) -> Res<()> {
        self.find(css).await?.click().await?;
        Ok(())
    }

    async fn js(&self, script: &str, args: Vec<Value>) -> Res<Value> {
        Ok(self.client.execute(script, args).await?)
    }

    /// Forgets the work the page keeps in the browser (settings in local
    /// storage, records in IndexedDB), for the part of the test that follows.
    async fn forget(&self) -> Res<()> {
        self.js(
            "localStorage.clear(); return bigStore.set('records', null).then(() => true);",
            vec![],
        )
        .await?;
        Ok(())
    }

    /// Chooses `value` in the list `css`.
    async fn select(&self, css: &str, value: &str) -> Res<()> {
        self.find(css).await?.select_by_value(value).await?;
        Ok(())
    }

    /// Waits until `script` (a function body) returns true: the page's
    /// answer to what the test did last.
    async fn until(&self, what: &str, script: &str) -> Res<()> {
        self.until_given(what, script, vec![]).await
    }

    /// [`Session::until`], `script` given `args` (`arguments[0]`, …).
    async fn until_given(&self, what: &str, script: &str, args: Vec<Value>) -> Res<()> {
        self.until_within(PATIENCE, what, script, args).await
    }

    /// [`Session::until`], waiting at most `patience`.
    async fn until_within(
        &self,
        patience: Duration,
        what: &str,
        script: &str,
        args: Vec<Value>,
    ) -> Res<()> {
        let started = Instant::now();
        loop {
            if self.js(script, args.clone()).await? == Value::Bool(true) {
                return Ok(());
            }
            if started.elapsed() > patience {
                let html = self
                    .js("return document.querySelector('main').innerText", vec![])
                    .await?;
                return Err(format!(
                    "waited {patience:?} for {what}; the page shows:\n{}",
                    html.as_str().unwrap_or("")
                )
                .into());
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Puts `text` in the check tab's records as a paste does (the text,
    /// an input event), then clicks Check.
    async fn paste_and_check(&self, text: &str) -> Res<()> {
        self.js(
            "const t = document.getElementById('check-text'); t.value = arguments[0];
             t.dispatchEvent(new Event('input')); document.getElementById('check-run').click(); return true;",
            vec![json!(text)],
        )
        .await?;
        Ok(())
    }

    /// Pastes `text` into the check tab's records as the browser does (a
    /// paste event carrying the clipboard's text, which the page takes
    /// over for long records), then clicks Check.
    async fn paste_event_and_check(&self, text: &str) -> Res<()> {
        self.js(
            "const t = document.getElementById('check-text'); t.focus(); t.select();
             const data = new DataTransfer(); data.setData('text/plain', arguments[0]);
             t.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
             document.getElementById('check-run').click(); return true;",
            vec![json!(text)],
        )
        .await?;
        Ok(())
    }

    /// The SVG the preview image shows.
    async fn preview_svg(&self) -> Res<String> {
        let text = self
            .client
            .execute_async(
                "const done = arguments[arguments.length - 1];
                 fetch(document.getElementById('sheet-preview').src).then(r => r.text()).then(done, e => done('ERROR ' + e));",
                vec![],
            )
            .await?;
        Ok(text.as_str().unwrap_or("").to_string())
    }

    /// Waits for a preview other than `before` that holds `wanted`.
    async fn preview_change(&self, before: &str, wanted: &str) -> Res<String> {
        let started = Instant::now();
        loop {
            self.until(
                "the preview to be up to date",
                "const img = document.getElementById('sheet-preview');
                 return img.src.startsWith('blob:') && !img.classList.contains('stale');",
            )
            .await?;
            let svg = self.preview_svg().await?;
            if svg != before && svg.contains(wanted) {
                common::parse_svg(&svg);
                return Ok(svg);
            }
            if started.elapsed() > PATIENCE {
                return Err(format!("the preview did not change to show {wanted:?}").into());
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Clears the downloads, runs `action`, and returns the file it saved.
    async fn download(&self, css: &str, ext: &str) -> Res<(String, Vec<u8>)> {
        for entry in std::fs::read_dir(&self.downloads)? {
            std::fs::remove_file(entry?.path())?;
        }
        self.click(css).await?;
        let started = Instant::now();
        loop {
            let done: Vec<PathBuf> = std::fs::read_dir(&self.downloads)?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect();
            if let [path] = done.as_slice() {
                let bytes = std::fs::read(path)?;
                if !bytes.is_empty() {
                    let name = path.file_name().unwrap().to_string_lossy().into_owned();
                    return Ok((name, bytes));
                }
            }
            if started.elapsed() > PATIENCE {
                return Err(format!("no .{ext} was downloaded by {css}").into());
            }
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
    }

    /// Chooses the page's language.
    async fn select_language(&self, language: &str) -> Res<()> {
        self.find("#ui-language")
            .await?
            .select_by_value(language)
            .await?;
        Ok(())
    }

    /// Fails unless the page is no wider than the window at every width
    /// (`what` names the page's state in the message).
    async fn fits_every_width(&self, what: &str) -> Res<()> {
        for (w, h) in WIDTHS {
            self.client.set_window_size(w, h).await?;
            let widths = self
                .js(
                    "return new Promise(r => requestAnimationFrame(() => r([document.documentElement.scrollWidth, window.innerWidth])));",
                    vec![],
                )
                .await?;
            if widths[0].as_u64() > widths[1].as_u64() {
                return Err(format!("{what} at {w} px: the page is {widths} wide").into());
            }
        }
        self.client.set_window_size(1280, 800).await?;
        Ok(())
    }

    /// Screenshots of the viewport at desktop, tablet and phone widths.
    async fn screenshots(&self, name: &str) -> Res<()> {
        for (w, h) in WIDTHS {
            self.client.set_window_size(w, h).await?;
            // Let the layout settle at the new size before the picture.
            self.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))", vec![]).await?;
            let png = self.client.screenshot().await?;
            std::fs::write(self.shots.join(format!("{name}-{w}x{h}.png")), png)?;
        }
        self.client.set_window_size(1280, 800).await?;
        Ok(())
    }
}

fn installed() -> bool {
    Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists()
}

#[test]
fn the_page_in_a_real_browser() {
    if !installed() {
        let message = "chromium and chromium-driver are not installed: the browser test cannot run (apt-get install chromium chromium-driver)";
        if std::env::var_os("CI").is_some() {
            panic!("{message}; .ci/run installs them");
        }
        eprintln!("\n**********\n*** SKIPPED: {message}\n**********\n");
        return;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let driver = Driver::start();
        let profile = tempfile::tempdir().unwrap();
        let downloads = tempfile::tempdir().unwrap();
        let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-screenshots");
        std::fs::create_dir_all(&shots).unwrap();
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--window-size=1280,800", "--hide-scrollbars",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
                "prefs": {
                    "download.default_directory": downloads.path().display().to_string(),
                    "download.prompt_for_download": false,
                },
            },
        });
        let Value::Object(caps) = caps else { unreachable!() };
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", driver.port))
            .await
            .expect("a browser session");
        let session = Session {
            client,
            server: Server::start(&[]),
            downloads: downloads.path().to_path_buf(),
            shots,
        };
        let result = async {
            sheets(&session).await.map_err(|e| format!("sheets: {e}"))?;
            check(&session).await.map_err(|e| format!("check: {e}"))?;
            handouts(&session).await.map_err(|e| format!("handouts: {e}"))?;
            analysis(&session).await.map_err(|e| format!("analysis: {e}"))?;
            keyboard(&session).await.map_err(|e| format!("keyboard: {e}"))?;
            narrow(&session).await.map_err(|e| format!("narrow: {e}"))?;
            kept(&session).await.map_err(|e| format!("kept: {e}"))?;
            big_paste(&session).await.map_err(|e| format!("big paste: {e}"))?;
            languages(&session).await.map_err(|e| format!("languages: {e}"))?;
            check_words(&session).await.map_err(|e| format!("check words: {e}"))?;
            read(&session).await.map_err(|e| format!("read: {e}"))?;
            every_word(&session).await.map_err(|e| format!("every word: {e}"))?;
            sheet_language(&session).await.map_err(|e| format!("sheet language: {e}"))?;
            sheet_refused(&session).await.map_err(|e| format!("sheet refused: {e}"))?;
            phone(&session).await.map_err(|e| format!("phone: {e}"))?;
            russian_768(&session).await.map_err(|e| format!("Russian at 768 px: {e}"))?;
            Ok::<(), String>(())
        }
        .await;
        let _ = session.client.clone().close().await;
        drop(driver);
        if let Err(e) = result {
            panic!("{e}");
        }
    });
}

async fn sheets(s: &Session) -> Res<()> {
    s.client.goto(&s.url("#sheets")).await?;
    let first = s.preview_change("", "Strategic tic-tac-toe").await?;
    s.screenshots("sheets").await?;

    // The PDF: A4, the sheet's text, and the command line's bytes.
    let (name, pdf) = s.download("#sheet-pdf", "pdf").await?;
    assert_eq!(name, "strategic-functional.pdf");
    let [_, _, w, h] = media_box(&pdf, 1);
    assert!(
        (w - 595.28).abs() < 0.1 && (h - 841.89).abs() < 0.1,
        "A4: {w} x {h}"
    );
    assert!(pdftotext_layout(&pdf).contains("Strategic tic-tac-toe"));
    let dir = tempfile::tempdir()?;
    let status = crate::common::paperboard()
        .args(["render", "strategic-functional", "-o", "cli.pdf"])
        .current_dir(dir.path())
        .status()?;
    assert!(status.success());
    assert!(
        pdf == std::fs::read(dir.path().join("cli.pdf"))?,
        "the page's PDF differs from the command line's"
    );

    // Languages by their own names.
    let german = s.find("#sheet-language option[value='de']").await?;
    assert_eq!(german.text().await?.trim(), "Deutsch");

    // Another sheet: its own options appear, the preview follows.
    s.select("#sheet-template", "sos").await?;
    let sos = s.preview_change(&first, ">SOS<").await?;
    s.find("[data-key='sos.size'] input").await?;
    let columns = s.find("[data-key='sos.size'] input").await?;
    columns.clear().await?;
    columns.send_keys("10").await?;
    let ten = s.preview_change(&sos, ">j<").await?;
    assert!(!sos.contains(">j<"), "an 8x8 board has no column j");

    // A value out of range: the message at its field, the preview kept.
    columns.clear().await?;
    columns.send_keys("30").await?;
    s.until(
        "the error at the board size",
        "const e = document.querySelector('[data-key=\"sos.size\"] .field-error');
         return !!e && e.textContent.includes('3 to 26') && !e.textContent.includes('`')
             && !document.getElementById('sheet-error').hidden;",
    )
    .await?;
    // The banner takes the keyboard to the field.
    s.click("#sheet-error .goto").await?;
    s.until("the board size focused", "return document.activeElement === document.querySelector('[data-key=\"sos.size\"] input');")
    .await?;
    s.screenshots("sheets-error").await?;
    columns.clear().await?;
    columns.send_keys("10").await?;
    s.until("the error to go", "return document.getElementById('sheet-error').hidden && !document.querySelector('.field-error');")
    .await?;

    // Landscape.
    s.click("#sheet-orientation input[value='landscape']")
        .await?;
    let landscape = s.preview_change(&ten, "viewBox=\"0 0 297 210\"").await?;
    assert!(landscape.contains(">j<"));

    // The spec, saved and opened again.
    let (name, toml) = s.download("#sheet-toml", "toml").await?;
    assert_eq!(name, "sos.toml");
    let toml = String::from_utf8(toml)?;
    assert!(
        toml.contains("size = \"10x8\"") && toml.contains("orientation = \"landscape\""),
        "{toml}"
    );
    let saved = s.downloads.join("mine.toml");
    std::fs::write(&saved, &toml)?;
    s.click("#sheet-reset").await?;
    let reset = s.preview_change(&landscape, ">SOS<").await?;
    // Tab reaches the file chooser, and its button shows the focus.
    s.find("#sheet-reset")
        .await?
        .send_keys(&Key::Tab.to_string())
        .await?;
    s.until("the focus ring on “Open a spec file…”", "return document.activeElement.id === 'sheet-upload'
             && getComputedStyle(document.querySelector('label[for=\"sheet-upload\"]')).outlineStyle !== 'none';")
    .await?;
    assert!(!reset.contains(">j<"));
    s.find("#sheet-upload")
        .await?
        .send_keys(&saved.display().to_string())
        .await?;
    s.until("the uploaded spec in the list", "return document.getElementById('sheet-template').selectedOptions[0].text.includes('mine.toml');")
    .await?;
    let reopened = s.preview_change(&reset, ">j<").await?;
    assert!(reopened.contains("viewBox=\"0 0 297 210\""));
    std::fs::remove_file(saved)?;
    // A Strategic sheet on A5: plain words, and the paper marked, not a
    // disabled field of the part.
    s.select("#sheet-template", "strategic-functional").await?;
    s.select("#sheet-paper", "A5").await?;
    s.until("the A5 message at the paper", "return document.getElementById('sheet-error').textContent.includes('does not fit on A5: choose A4 or larger')
             && document.getElementById('sheet-paper').getAttribute('aria-invalid') === 'true'
             && document.querySelectorAll('#sheet-form [aria-invalid=\"true\"]').length === 1;")
    .await?;
    s.click("#sheet-error .goto").await?;
    s.until(
        "the paper focused",
        "return document.activeElement.id === 'sheet-paper';",
    )
    .await?;
    s.select("#sheet-paper", "A4").await?;
    s.until(
        "the error to go",
        "return document.getElementById('sheet-error').hidden;",
    )
    .await?;
    Ok(())
}

async fn check(s: &Session) -> Res<()> {
    s.click("#tab-check").await?;
    let text = s.find("#check-text").await?;
    // Move 2 of X writes into the centre again.
    text.send_keys("[Game \"tictactoe\"]\n[X \"Ann\"]\n[O \"Ben\"]\n1. 5 1 2. 5 3\n")
        .await?;
    s.click("#check-run").await?;
    s.until(
        "the illegal game in the table",
        "const v = document.querySelector('#check-games tbody tr .verdict');
         return !!v && v.textContent === 'Illegal';",
    )
    .await?;
    // The error at its line, the move marked, the suggestions beside it.
    let line = s.find("#line-4.bad").await?;
    let shown = line.text().await?;
    assert!(shown.contains("already taken"), "{shown}");
    assert!(shown.contains("Did you mean"), "{shown}");
    let marked = s
        .js(
            "return document.querySelector('#line-4 mark').textContent",
            vec![],
        )
        .await?;
    assert_eq!(marked, json!("5"));
    s.screenshots("check-error").await?;
    // Applying the first suggestion mends the record.
    s.click("#line-4 .suggestions button").await?;
    s.until(
        "the mended game",
        "const v = document.querySelector('#check-games tbody tr .verdict');
         return !!v && v.textContent === 'Legal';",
    )
    .await?;
    let value = s
        .js("return document.getElementById('check-text').value", vec![])
        .await?;
    assert_ne!(
        value.as_str().unwrap_or(""),
        "[Game \"tictactoe\"]\n[X \"Ann\"]\n[O \"Ben\"]\n1. 5 1 2. 5 3\n"
    );
    // The diagram, and the report.
    s.click("#check-games tbody tr button").await?;
    s.until("the diagram", "const i = document.getElementById('check-diagram-img');
         return !document.getElementById('check-diagram').hidden && i.src.startsWith('blob:') && i.naturalWidth > 0;")
    .await?;
    s.screenshots("check-legal").await?;
    let (_, json) = s.download("#check-json", "json").await?;
    let report: Value = serde_json::from_slice(&json)?;
    assert_eq!(report["games"][0]["status"], "legal");
    assert_eq!(report["exit"], 0);
    Ok(())
}

async fn handouts(s: &Session) -> Res<()> {
    s.click("#tab-handouts").await?;
    s.until(
        "the first thumbnails",
        "return document.querySelectorAll('#handout-pages li').length > 0;",
    )
    .await?;
    s.select("#handout-game", "sos").await?;
    let copies = s.find("#handout-copies").await?;
    copies.clear().await?;
    copies.send_keys("3").await?;
    // Printed on both sides: each sheet on a front page, blank backs
    // between them (pages 3, 5 and 7); each copy's sheet code names its
    // copy, so the third is a page of its own.
    s.until("three game sheets, each a picture of its own",
        "return Array.from(document.querySelectorAll('#handout-pages li')).some(li => li.textContent.trim() === 'Page 7');")
    .await?;
    let status = s.find("#handout-status").await?.text().await?;
    let pages: usize = status
        .split(": ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("no page count in {status:?}"))?;
    s.screenshots("handouts").await?;
    let (_, pdf) = s.download("#handout-pdf", "pdf").await?;
    assert_eq!(page_count(&pdf), pages);
    let text = pdftotext_layout(&pdf);
    assert!(
        text.contains("Rules") && text.contains("SOS"),
        "{}",
        &text[..text.len().min(400)]
    );
    Ok(())
}

async fn analysis(s: &Session) -> Res<()> {
    s.click("#tab-analysis").await?;
    s.until(
        "the figures of map34",
        "return document.getElementById('analysis-figures').textContent.includes('8/3 = 2.6667')
             && document.getElementById('analysis-heatmap').naturalWidth > 0;",
    )
    .await?;
    s.screenshots("analysis").await?;
    s.select("#analysis-map", "map67").await?;
    s.until("the figures of map67", "return document.getElementById('analysis-label').textContent.includes('functional map67');")
    .await?;
    s.select("#analysis-ruleset", "tactical").await?;
    s.until(
        "the tactical ruleset, with no map to choose",
        "return document.getElementById('analysis-label').textContent.includes('tactical')
             && document.getElementById('analysis-map-field').hidden;",
    )
    .await?;
    Ok(())
}

async fn keyboard(s: &Session) -> Res<()> {
    let tab = s.find("#tab-analysis").await?;
    tab.send_keys(&Key::Home.to_string()).await?;
    s.until("Home to select the first tab", "return document.getElementById('tab-sheets').getAttribute('aria-selected') === 'true'
             && document.activeElement.id === 'tab-sheets' && !document.getElementById('panel-sheets').hidden;")
    .await?;
    s.find("#tab-sheets")
        .await?
        .send_keys(&Key::Right.to_string())
        .await?;
    s.until(
        "the arrow to move to the next tab",
        "return document.getElementById('tab-handouts').getAttribute('aria-selected') === 'true';",
    )
    .await?;
    // Every control has a name a screen reader can say.
    let unnamed = s
        .js(
            "return Array.from(document.querySelectorAll('input, select, textarea, button'))
               .filter(e => e.type !== 'hidden' && !e.closest('[hidden]'))
               .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !(e.textContent || '').trim())
               .map(e => e.id || e.outerHTML.slice(0, 80));",
            vec![],
        )
        .await?;
    assert_eq!(unnamed, json!([]), "controls without a label");
    // …and no two say the same ("Cell" of the field and of a grid).
    for tab in ["#tab-sheets", "#tab-handouts", "#tab-check"] {
        s.click(tab).await?;
        let same = s
            .js(
                "const names = new Map();
                 for (const e of document.querySelectorAll('input, select, textarea, button')) {
                   if (e.type === 'hidden' || e.closest('[hidden]') || e.type === 'radio') continue;
                   const name = (e.getAttribute('aria-label') || [...(e.labels || [])].map(l => l.textContent.trim()).join(' ')
                     || e.textContent).trim();
                   names.set(name, (names.get(name) || 0) + 1);
                 }
                 return [...names].filter(([n, c]) => c > 1).map(([n, c]) => `${n} ×${c}`);",
                vec![],
            )
            .await?;
        assert_eq!(same, json!([]), "{tab}: controls with the same name");
    }
    // The focus ring is dark on the light page: at least 3:1.
    let ring = s
        .js(
            "const probe = document.getElementById('check-run'); probe.focus();
             const c = getComputedStyle(document.documentElement).getPropertyValue('--focus').trim();
             return c;",
            vec![],
        )
        .await?;
    let ring = ring.as_str().unwrap_or("");
    assert!(
        contrast(ring, "#eef1f4") >= 3.0 && contrast(ring, "#ffffff") >= 3.0,
        "focus ring {ring}"
    );
    Ok(())
}

/// The WCAG contrast ratio of two `#rrggbb` colours.
fn contrast(a: &str, b: &str) -> f64 {
    let luminance = |hex: &str| {
        let channel = |i: usize| {
            let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0)) / 255.0;
            if c <= 0.03928 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
    };
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// Nothing wider than the window, on every tab and with check results, at
/// a laptop's, a tablet's and a phone's width.
async fn narrow(s: &Session) -> Res<()> {
    // Results with a long line and suggestions on show.
    s.click("#tab-check").await?;
    s.js(
        "const t = document.getElementById('check-text');
         t.value = '[Game \"tictactoe\"]\\n[X \"Annabelle-Marie Long-Surname\"]\\n[O \"Bartholomew Very-Long-Name\"]\\n1. 5 1 2. 5 3 {a comment that runs on and on and on well past the width of any phone screen}\\n';
         t.dispatchEvent(new Event('input'));
         document.getElementById('check-run').click(); return true;",
        vec![],
    )
    .await?;
    s.until(
        "suggestions to apply",
        "return !!document.querySelector('#check-lines .suggestions button');",
    )
    .await?;
    for (w, h) in WIDTHS {
        s.client.set_window_size(w, h).await?;
        for tab in ["sheets", "handouts", "check", "analysis"] {
            s.click(&format!("#tab-{tab}")).await?;
            s.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))", vec![]).await?;
            let sizes = s
                .js(
                    "const d = document.documentElement;
                     const apply = document.querySelector('#check-lines .suggestions button');
                     const r = apply ? apply.getBoundingClientRect() : null;
                     return [d.scrollWidth, d.clientWidth, r && !document.getElementById('panel-check').hidden ? r.right : 0];",
                    vec![],
                )
                .await?;
            let [scroll, client, apply] = [0, 1, 2].map(|i| sizes[i].as_f64().unwrap_or(f64::MAX));
            assert!(
                scroll <= client,
                "{tab} at {w} px: the page is {scroll} px wide in a {client} px window"
            );
            assert!(
                apply <= client,
                "{tab} at {w} px: the Apply button ends at {apply} px"
            );
        }
        let png = s.client.screenshot().await?;
        std::fs::write(s.shots.join(format!("narrow-check-{w}x{h}.png")), png)?;
        s.click("#tab-handouts").await?;
        let png = s.client.screenshot().await?;
        std::fs::write(s.shots.join(format!("narrow-handouts-{w}x{h}.png")), png)?;
    }
    s.client.set_window_size(1280, 800).await?;
    Ok(())
}

/// Records and settings survive a reload; Back and Forward move between
/// the tabs.
async fn kept(s: &Session) -> Res<()> {
    s.click("#tab-check").await?;
    let records = "[Game \"tictactoe\"]\n[X \"Kept\"]\n1. 5 1 2. 5 3\n";
    s.paste_and_check(records).await?;
    s.until("the check", "return document.querySelector('#check-games tbody tr .verdict')?.textContent === 'Illegal';").await?;
    s.click("#tab-sheets").await?;
    s.select("#sheet-template", "ultimate").await?;
    s.select("#sheet-paper", "A3").await?;
    s.until(
        "the A3 preview",
        "return document.getElementById('sheet-status').textContent.startsWith('A3');",
    )
    .await?;
    // Back: the check tab again; Forward: the sheets.
    s.client.back().await?;
    s.until(
        "Back to the check tab",
        "return !document.getElementById('panel-check').hidden;",
    )
    .await?;
    s.client.forward().await?;
    s.until(
        "Forward to the sheets",
        "return !document.getElementById('panel-sheets').hidden;",
    )
    .await?;
    // Another sheet takes the paper along.
    s.select("#sheet-template", "sos").await?;
    s.until(
        "A3 carried to SOS",
        "return document.getElementById('sheet-paper').value === 'A3';",
    )
    .await?;
    s.client.refresh().await?;
    s.until("the sheet and paper after the reload", "return document.getElementById('sheet-template').value === 'sos' && document.getElementById('sheet-paper').value === 'A3';")
    .await?;
    s.click("#tab-check").await?;
    s.until_given("the records after the reload, checked again", "return document.getElementById('check-text').value === arguments[0]
             && document.querySelector('#check-games tbody tr .verdict')?.textContent === 'Illegal';", vec![json!(records)])
    .await?;
    // Focus after Apply goes to the next error, not the page's start.
    s.click("#line-3 .suggestions button").await?;
    s.until(
        "the focus on what is left after the fix",
        "const a = document.activeElement;
         return document.querySelector('#check-games tbody tr .verdict')?.textContent === 'Legal'
             && a !== document.body && (a.id === 'check-summary' || !!a.closest('#check-lines'));",
    )
    .await?;
    // A check that fails (a broken map file) takes the old results away.
    s.js(
        "check.maps.push({ name: 'broken.toml', text: 'kind = 3' });
         document.getElementById('check-run').click(); return true;",
        vec![],
    )
    .await?;
    s.until(
        "old results gone after an error",
        "return !document.getElementById('check-error').hidden
             && document.getElementById('check-games').hidden
             && document.getElementById('check-annotated').hidden;",
    )
    .await?;
    // Back to a blank page for what follows.
    s.forget().await?;
    s.client.goto(&s.url("#check")).await?;
    s.client.refresh().await?;
    Ok(())
}

/// 387 Strategic games pasted (1.9 MB): one check for paste and click, the
/// results shown; the time it takes and the longest task are reported.
async fn big_paste(s: &Session) -> Res<()> {
    let mut text = Vec::new();
    let (games, _) = paperboard_games::internals::random_strategic_record(&mut text, 1_900_000, 7)?;
    let mut text = String::from_utf8(text)?;
    // One slip to find, at the end.
    text.push_str("\n[Game \"tictactoe\"]\n1. 5 1 2. 5 3\n");
    let games = games + 1;
    s.click("#tab-check").await?;
    s.find("#check-text").await?;
    s.js(
        "window.checks = 0; window.longest = 0; window.tasks = []; window.answered = 0;
         const fetch0 = window.fetch;
         window.fetch = (url, o) => {
           if (!String(url).startsWith('/api/check?')) return fetch0(url, o);
           window.checks++; window.asked = performance.now();
           return fetch0(url, o).then((r) => { window.answered = performance.now(); return r; });
         };
         new PerformanceObserver(l => { for (const e of l.getEntries()) {
           window.longest = Math.max(window.longest, e.duration);
           window.tasks.push([Math.round(e.startTime - (window.asked || 0)), Math.round(e.duration)]);
         } }).observe({ type: 'longtask' });
         // Long frames, split into script and style/layout, for the report.
         window.frames = [];
         new PerformanceObserver(l => { for (const e of l.getEntries()) {
           const layout = e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0;
           const scripts = e.scripts.map(s => `${s.invoker || s.invokerType}:${Math.round(s.duration)}`).join(' ');
           window.frames.push(`${Math.round(e.startTime - (window.asked || 0))}+${Math.round(e.duration)} (layout ${Math.round(layout)}; ${scripts})`);
         } }).observe({ type: 'long-animation-frame' });
         return true;",
        vec![],
    )
    .await?;
    let started = Instant::now();
    s.paste_event_and_check(&text).await?;
    s.until_given("the results of the big paste", "return document.getElementById('check-summary').textContent.startsWith(`Games checked: ${arguments[0]}`)
             && document.querySelectorAll('#check-games tbody tr').length === arguments[0]
             && !!document.querySelector('#check-lines li.bad .suggestions button') && check.took !== null;", vec![json!(games)])
    .await?;
    let shown = started.elapsed();
    // Longer than the typing pause: a second check would have started.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let figures = s
        .js(
            "const at = (n) => { const e = performance.getEntriesByName(n, 'mark').pop(); return e ? Math.round(e.startTime - window.asked) : -1; };
             return [window.checks, window.longest, check.took, window.answered - window.asked, window.tasks, window.frames,
                     [at('check:answered'), at('check:rows'), at('check:lines')]];",
            vec![],
        )
        .await?;
    eprintln!(
        "big paste: {} bytes, {games} games: results shown after {:.2} s (page: {:.0} ms from asking to the last row, the server's answer after {:.0} ms), longest task {:.0} ms, checks {}; long tasks [ms after asking, ms]: {}; long frames [ms after asking + ms]: {}; read, rows drawn, lines drawn [ms after asking]: {}",
        text.len(),
        shown.as_secs_f64(),
        figures[2].as_f64().unwrap_or(-1.0),
        figures[3].as_f64().unwrap_or(-1.0),
        figures[1].as_f64().unwrap_or(-1.0),
        figures[0],
        figures[4],
        figures[5],
        figures[6]
    );
    assert_eq!(
        figures[0],
        json!(1),
        "one check for the paste and the click"
    );
    // The box shows the start of the records, read-only, and says so; the
    // whole text was checked (above) and is what a reload brings back.
    let shown_box = s
        .js(
            "const t = document.getElementById('check-text');
             return [t.value.length, t.readOnly, document.getElementById('check-long').hidden,
                     document.getElementById('check-long-note').textContent];",
            vec![],
        )
        .await?;
    let box_length = shown_box[0].as_u64().unwrap_or(u64::MAX) as usize;
    assert!(
        box_length > 1000 && box_length < text.len() / 20,
        "the box holds {box_length} of {} bytes",
        text.len()
    );
    assert_eq!(
        shown_box[1],
        json!(true),
        "long records are read-only in the box"
    );
    assert_eq!(shown_box[2], json!(false), "the note on long records shows");
    let note = shown_box[3].as_str().unwrap_or_default();
    assert!(note.contains(&format!("{games} games")), "{note}");
    s.screenshots("check-big").await?;
    // The records scroll inside their box: nothing is wider than the window.
    s.fits_every_width("after the big paste").await?;
    // Asked for, the whole text goes into the box, to edit.
    s.click("#check-long-edit").await?;
    s.until_given("the whole text in the box", "const t = document.getElementById('check-text');
         return t.value.length === arguments[0] && !t.readOnly && document.getElementById('check-long').hidden;", vec![json!(text.chars().count())])
    .await?;
    s.forget().await?;
    Ok(())
}

/// The page in German and Russian: tabs, labels, verdicts, summary.
async fn languages(s: &Session) -> Res<()> {
    for (language, tab, verdict, summary) in [
        ("de", "Partien prüfen", "Regelwidrig", "Geprüfte Partien: 1"),
        (
            "ru",
            "Проверка партий",
            "С нарушением",
            "Проверено партий: 1",
        ),
    ] {
        s.client.goto(&s.url("#check")).await?;
        s.select_language(language).await?;
        s.until_given(
            "the tabs in the language",
            "return document.getElementById('tab-check').textContent === arguments[0]
                 && document.documentElement.lang === arguments[1];",
            vec![json!(tab), json!(language)],
        )
        .await?;
        s.js(
            "const t = document.getElementById('check-text'); t.value = '[Game \"tictactoe\"]\\n1. 5 1 2. 5 3\\n';
             t.dispatchEvent(new Event('input')); document.getElementById('check-run').click(); return true;",
            vec![],
        )
        .await?;
        s.until_given("the verdict and summary in the language", "return document.querySelector('#check-games tbody tr .verdict')?.textContent === arguments[0]
                 && document.getElementById('check-summary').textContent.startsWith(arguments[1])
                 && !!document.querySelector('#line-2 .suggestions button');", vec![json!(verdict), json!(summary)])
        .await?;
        // Kept for the next visit: a reload speaks the language still.
        s.client.refresh().await?;
        s.until_given(
            "the language after a reload",
            "return document.getElementById('tab-check').textContent === arguments[0];",
            vec![json!(tab)],
        )
        .await?;
        // No English left in the page's own words on the check tab.
        let english = s
            .js(
                "return [...document.querySelectorAll('#panel-check label, #panel-check button, #panel-check th, .tabs [role=tab]')]
                   .map(e => e.textContent.trim()).filter(t => /^(Check|Apply|Show|Game|Verdict|Open a record file…)$/.test(t));",
                vec![],
            )
            .await?;
        assert_eq!(english, json!([]), "{language}: English words left");
        s.screenshots(&format!("check-{language}")).await?;
    }
    s.forget().await?;
    Ok(())
}

/// Records whose check shows every kind of result: won by resignation,
/// drawn by agreement, abandoned, and an illegal game with a suggestion.
const EVERY_RESULT: &str = "[Game \"tictactoe\"]\n[Result \"O\"]\n[Termination \"resignation\"]\n1. 5 1 2. 9 3\n\n\
[Game \"tictactoe\"]\n[Result \"draw\"]\n[Termination \"agreement\"]\n1. 5 1\n\n\
[Game \"tictactoe\"]\n[Result \"*\"]\n[Termination \"abandoned\"]\n1. 5 1\n\n\
[Game \"tictactoe\"]\n[Result \"X\"]\n[Termination \"time\"]\n1. 5 1\n\n\
[Game \"tictactoe\"]\n1. 5 1 2. 5 3\n";

/// Words the page shares across languages: the languages' own names in the
/// language choosers, the file formats and sizes, and the words German
/// writes as English does (the games' names, a sheet's code).
const SHARED_WORDS: &[&str] = &[
    "english",
    "deutsch",
    "русский",
    "ไทย",
    "pdf",
    "json",
    "svg",
    "tic",
    "tac",
    "toe",
    "ultimate",
    "sos",
    "jpeg",
    // A photo's file name, shown with its outcome on the read tab.
    "jpg",
    "png",
    "txt",
    "mib",
    // German writes a sheet's code as "Code".
    "code",
    // German writes a spec file as "Spec-Datei", as the sheets tab does.
    "spec",
    // German writes these as English does.
    "text",
    "standard",
    "name",
    // Paper sizes and the maps' names (map34, hmap2).
    "letter",
    "map",
    "hmap",
    // A name in an example (Ann, Ben).
    "ben",
];

/// The page's own words on the check tab after checking [`EVERY_RESULT`]
/// in `language`: every text and label, but not the records themselves
/// nor what the library says about them (marked `said`), which stay as
/// written.
async fn check_view_words(s: &Session, language: &str) -> Res<(Vec<String>, String)> {
    s.client.goto(&s.url("#check")).await?;
    s.select_language(language).await?;
    s.until_given(
        "the page in the language",
        "return document.documentElement.lang === arguments[0];",
        vec![json!(language)],
    )
    .await?;
    s.paste_and_check(EVERY_RESULT).await?;
    // The same records were checked in the language before: wait for the
    // check in this one (its summary in the page's words, its lines all
    // drawn), not the rows and lines still standing from the last.
    s.until("the five games checked", "return document.querySelectorAll('#check-games tbody tr').length === 5
             && !document.getElementById('panel-check').hasAttribute('aria-busy')
             && !!document.querySelector('#check-lines li.bad .suggestions button')
             && document.getElementById('check-summary').textContent.startsWith(t('Games checked: {n}', { n: 5 }));")
    .await?;
    own_words(s, "panel-check").await
}

/// The page's own words in the tabs and the panel `panel`: every text and
/// label, but not records, file names, pictures of sheets nor what the
/// library says (marked `said`), which stay as written.
async fn own_words(s: &Session, panel: &str) -> Res<(Vec<String>, String)> {
    let text = s
        .js(
            "const own = [];
             const walk = (n) => {
               if (n.nodeType === 3) { own.push(n.textContent); return; }
               if (n.nodeType !== 1 || n.matches('textarea, code, .said, #check-lines .text, [hidden], script, style, svg, .chips, .read-game h2')) return;
               for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
                 if (!n.hasAttribute(a)) continue;
                 // A label that repeats what the library said, without it.
                 let v = n.getAttribute(a);
                 for (const said of n.closest('li')?.querySelectorAll('.said') || []) v = v.replace(said.textContent, '');
                 own.push(v);
               }
               for (const c of n.childNodes) walk(c);
             };
             walk(document.querySelector('.tabs'));
             walk(document.getElementById(arguments[0]));
             return own.join(' ');",
            vec![json!(panel)],
        )
        .await?;
    let text = text.as_str().unwrap_or_default().to_lowercase();
    // The spec's placeholders (`{move-record}`) are written the same in
    // every language.
    let words = text
        .split('{')
        .enumerate()
        .map(|(i, part)| match part.split_once('}') {
            Some((_, rest)) if i > 0 => rest,
            _ => part,
        })
        .collect::<Vec<_>>()
        .join(" ");
    Ok((page_words(&words), text))
}

/// The words of `text` a language has its own of: three letters or more,
/// not shared by every language ([`SHARED_WORDS`]).
fn page_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 3 && !SHARED_WORDS.contains(w))
        .map(str::to_string)
        .collect()
}

/// Fails if `words` (the page in `language`) keep any of `english`.
fn no_english_left(language: &str, words: &[String], english: &[String], text: &str) {
    let mut left: Vec<&String> = words.iter().filter(|w| english.contains(w)).collect();
    left.sort();
    left.dedup();
    assert!(
        left.is_empty(),
        "{language}: English words left: {left:?} in\n{text}"
    );
}

/// In German, Russian and Thai the check view keeps no English word of the
/// page's own: results (by resignation, on time), verdicts, labels, buttons.
async fn check_words(s: &Session) -> Res<()> {
    let (english, _) = check_view_words(s, "en").await?;
    // The English view has the words the test looks for.
    for w in [
        "resignation",
        "agreement",
        "abandoned",
        "time",
        "illegal",
        "apply",
    ] {
        assert!(
            english.iter().any(|e| e == w),
            "no `{w}` in English: {english:?}"
        );
    }
    let (english_said, _) = said_words(s).await?;
    // What the checker says is in the view: the error's reason and what
    // the game is.
    for w in ["cell", "already", "taken", "legal"] {
        assert!(
            english_said.iter().any(|e| e == w),
            "no `{w}` said in English: {english_said:?}"
        );
    }
    for language in ["de", "ru", "th"] {
        let (words, text) = check_view_words(s, language).await?;
        no_english_left(language, &words, &english, &text);
        // And what the checker says of the records, in the page's language
        // too (the records themselves stay as written).
        let (said, text) = said_words(s).await?;
        no_english_left(language, &said, &english_said, &text);
    }
    s.forget().await?;
    Ok(())
}

/// The words the checker says on the check tab (marked `said`): the
/// errors' reasons, the suggestions, what each game is.
async fn said_words(s: &Session) -> Res<(Vec<String>, String)> {
    let text = s
        .js(
            "return [...document.querySelectorAll('#panel-check .said')].map(e => e.textContent).join(' ');",
            vec![],
        )
        .await?;
    let text = text.as_str().unwrap_or_default().to_lowercase();
    Ok((page_words(&text), text))
}

/// Chooses `path` in the read tab's file chooser.
async fn choose_photo(s: &Session, path: &Path) -> Res<()> {
    s.find("#read-files")
        .await?
        .send_keys(&path.display().to_string())
        .await?;
    Ok(())
}

/// The "Read a sheet" tab: the example photo uploaded, its moves and the
/// check verdict shown, the reading drawn over the sheet, a move changed
/// to one of its alternatives (the record follows and is checked again),
/// the record downloaded; a text file and a photo of no sheet refused in
/// words; nothing wider than the window.
async fn read(s: &Session) -> Res<()> {
    s.client.goto(&s.url("#read")).await?;
    s.client.refresh().await?;
    let dir = tempfile::tempdir()?;
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "1. 5.5 5.1")?;
    // A photo over the size limit (a sparse file).
    let big = dir.path().join("big.jpg");
    std::fs::File::create(&big)?.set_len((40 << 20) + 1)?;
    // Each refused before anything is sent.
    for (file, said) in [
        (&notes, "notes.txt is not a JPEG or PNG photo"),
        (&big, "big.jpg is too large"),
    ] {
        choose_photo(s, file).await?;
        s.until_given(
            said,
            "const e = document.getElementById('read-error');
             return !e.hidden && e.textContent.includes(arguments[0])
                 && document.querySelectorAll('#read-photo-list li').length === 0;",
            vec![json!(said)],
        )
        .await?;
    }
    // A white page: sent, and refused by the server in the page's words.
    let wall = dir.path().join("wall.png");
    std::fs::write(&wall, common::grey_png(900, 700, 230))?;
    read_refused(
        s,
        &wall,
        "No sheet printed by this program was found in wall.png",
    )
    .await?;
    s.click("#read-photo-list button").await?;

    // The example photo.
    let photo = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/photos/ultimate.jpg");
    choose_photo(s, &photo).await?;
    s.click("#read-run").await?;
    s.until(
        "the moves read and their check",
        "return document.querySelectorAll('.read-moves li').length > 0
             && !!document.querySelector('.read-verdict .verdict')
             && document.getElementById('read-status').textContent.startsWith('Games checked: 1');",
    )
    .await?;
    let seen = s
        .js(
            "return [
               [...document.querySelectorAll('.read-moves button.move')].map(b => b.textContent.replace(/^\\d+\\.\\s*/, '').replace(/[ ?✓]+$/, '')),
               document.getElementById('read-record').value,
               document.querySelector('.read-verdict .verdict').className,
               document.querySelectorAll('.read-overlay g.box text').length,
               [...document.querySelectorAll('.read-overlay text.mark')].map(t => t.textContent).join(''),
               document.querySelector('.read-sheet img').naturalWidth
                 * (document.querySelector('.sheet-stack').getBoundingClientRect().height > 200),
               document.getElementById('read-error').hidden,
             ];",
            vec![],
        )
        .await?;
    let moves: Vec<&str> = seen[0]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(moves.len() >= 30, "{seen}");
    let record = seen[1].as_str().unwrap_or_default();
    assert!(record.starts_with("[Game \"ultimate\"]"), "{record}");
    assert!(
        record.contains(&format!("1. {} {}\n", moves[0], moves[1])),
        "{record}"
    );
    assert_eq!(seen[2], "verdict legal", "{seen}");
    // A digit in both boxes of every move, X or O in every cell played.
    assert_eq!(seen[3], json!(moves.len() * 2), "{seen}");
    let marks = seen[4].as_str().unwrap_or_default();
    assert_eq!(marks.len(), moves.len(), "{marks}");
    assert_eq!(marks.matches('X').count(), moves.len().div_ceil(2));
    assert!(
        seen[5].as_u64().unwrap_or(0) > 0,
        "the sheet is drawn, and seen"
    );
    assert_eq!(seen[6], json!(true), "no error shown");
    s.screenshots("read").await?;
    s.fits_every_width("the read tab").await?;

    // The example photo reads cleanly; the sixth move taken as doubtful,
    // as the decoder flags one: marked in the list, on the sheet and in
    // the record.
    s.js(
        "reading.games[0].moves[5].uncertain = true; renderReading(); checkReading(); return true;",
        vec![],
    )
    .await?;
    s.until_given("the doubtful move marked", "return document.querySelector('#read-move-0-5').classList.contains('doubtful')
             && document.querySelectorAll('.read-overlay g.box.doubtful').length === 2
             && document.getElementById('read-record').value.includes(`${arguments[0]} {?}`)
             && document.getElementById('read-status').textContent.endsWith('Doubtful moves left: 1.');", vec![json!(moves[5])])
    .await?;
    s.js(
        "document.querySelector('.read-overlay g.box.doubtful').scrollIntoView({ block: 'center' }); return true;",
        vec![],
    )
    .await?;
    s.screenshots("read-doubtful").await?;

    // The doubtful move changed to its second alternative, by keyboard:
    // the alternatives take the focus, the record follows, the check runs
    // again.
    s.click("#read-move-0-5 button").await?;
    let second = s
        .js(
            "const b = document.querySelectorAll('.read-alternatives button')[1];
             return [b.textContent.split(' ')[0], document.activeElement === document.querySelector('.read-alternatives button')];",
            vec![],
        )
        .await?;
    assert_eq!(second[1], json!(true), "the alternatives take the focus");
    // Escape closes them, the focus back on the move; open them again.
    s.client
        .active_element()
        .await?
        .send_keys(&Key::Escape.to_string())
        .await?;
    s.until(
        "the alternatives closed by Escape",
        "return !document.querySelector('.read-alternatives')
             && document.activeElement === document.querySelector('#read-move-0-5 button');",
    )
    .await?;
    s.click("#read-move-0-5 button").await?;
    s.find(".read-alternatives").await?;
    let chosen = second[0].as_str().unwrap_or_default().to_string();
    assert_ne!(chosen, moves[5]);
    s.js(
        "document.querySelectorAll('.read-alternatives button')[1].click(); return true;",
        vec![],
    )
    .await?;
    s.until_given("the record with the move chosen, checked again", "return document.getElementById('read-record').value.includes(`3. ${arguments[1]} ${arguments[0]}\n`)
             && document.querySelector('#read-move-0-5').classList.contains('chosen')
             && document.getElementById('read-status').textContent.endsWith('Doubtful moves left: 0.')
             && !!document.querySelector('.read-verdict .verdict')
             && document.activeElement === document.querySelector('#read-move-0-5 button');", vec![json!(chosen), json!(moves[4])])
    .await?;
    let (name, bytes) = s.download("#read-download", "txt").await?;
    let text = String::from_utf8(bytes)?;
    assert!(name.starts_with("ultimate"), "{name}");
    assert!(
        text.contains(&format!("3. {} {chosen}\n", moves[4])),
        "{text}"
    );
    // Every word of the read view, the alternatives open, in the page's
    // language; and what the checker says of a move made illegal (the
    // second played on the first's cell) too.
    let was = s
        .js(
            "const m = reading.games[0].moves; const was = m[1].text; m[1].text = m[0].text;
             renderReading(); checkReading(); return was;",
            vec![],
        )
        .await?;
    let mut english = Vec::new();
    let mut english_said = Vec::new();
    for language in ["en", "de", "ru", "th"] {
        s.select_language(language).await?;
        s.until_given(
            "the read view in the language",
            "const status = document.getElementById('read-status').textContent;
             return document.documentElement.lang === arguments[0]
                 && (arguments[0] === 'en' || !status.includes('Games checked'))
                 && status.includes(':')
                 && !!document.querySelector('#panel-read .read-verdict .said');",
            vec![json!(language)],
        )
        .await?;
        let said = s
            .js(
                "return [...document.querySelectorAll('#panel-read .read-verdict .said')].map(e => e.textContent).join(' ');",
                vec![],
            )
            .await?;
        let said = said.as_str().unwrap_or_default().to_lowercase();
        if language == "en" {
            english_said = page_words(&said);
            assert!(said.contains("already taken"), "{said}");
        } else {
            no_english_left(language, &page_words(&said), &english_said, &said);
        }
        s.click("#read-move-0-0 button").await?;
        s.find(".read-alternatives").await?;
        let (words, text) = own_words(s, "panel-read").await?;
        if language == "en" {
            for w in ["doubtful", "photos", "record", "close", "written"] {
                assert!(
                    words.iter().any(|e| e == w),
                    "no `{w}` in English: {words:?}"
                );
            }
            english = words;
            continue;
        }
        no_english_left(language, &words, &english, &text);
    }
    s.select_language("en").await?;
    s.js(
        "reading.games[0].moves[1].text = arguments[0]; renderReading(); checkReading(); return true;",
        vec![was.clone()],
    )
    .await?;
    s.until_given("the move as read again, checked", "return document.getElementById('read-record').value.includes(`1. ${arguments[0]} ${arguments[1]}\n`)
             && !!document.querySelector('.read-verdict .verdict');", vec![json!(moves[0]), was])
    .await?;
    read_position(s, dir.path()).await?;
    read_custom(s, dir.path()).await?;
    read_outcomes(s, dir.path()).await?;
    s.forget().await?;
    Ok(())
}

/// Chooses `photo` in the read tab and reads it: refused, the page saying
/// `said`, and no game shown.
async fn read_refused(s: &Session, photo: &Path, said: &str) -> Res<()> {
    choose_photo(s, photo).await?;
    s.click("#read-run").await?;
    s.until_given(
        said,
        "const e = document.getElementById('read-error');
         return !e.hidden && e.textContent.includes(arguments[0])
             && document.querySelectorAll('.read-game').length === 0;",
        vec![json!(said)],
    )
    .await?;
    Ok(())
}

/// Removes every photo chosen in the read tab.
async fn clear_photos(s: &Session) -> Res<()> {
    s.js(
        "for (const b of [...document.querySelectorAll('#read-photo-list button')]) b.click();
         return document.querySelectorAll('#read-photo-list li').length === 0;",
        vec![],
    )
    .await?;
    Ok(())
}

/// An Ultimate sheet played on its field only, nothing written in its
/// record: the page shows the position as a grid of X and O where the
/// game played them, says who is to move, and offers no record.
async fn read_position(s: &Session, dir: &Path) -> Res<()> {
    use crate::read_photo::photos::{Shot, mark_field, page, photograph};
    use paperboard_games::GameSetup;
    use paperboard_games::games::random::random_ttt_game;
    use paperboard_games::games::ttt::Options;
    use paperboard_games::rng::SplitMix64;
    let mut rng = SplitMix64::new(31);
    let (moves, _) = random_ttt_game(
        GameSetup::ultimate(Options::default()).ttt_game().unwrap(),
        &mut rng,
        Some(25),
    );
    let (mut sheet, geometry) = page("ultimate", &[]);
    mark_field(&mut sheet, &geometry, &moves, &mut rng);
    let photo = dir.join("field.jpg");
    std::fs::write(&photo, photograph(&sheet, Shot::plain(), &mut rng))?;
    // The grid the game played, row by row from the top left: board T's
    // cell O is at row (T-1)/3*3 + (O-1)/3, column (T-1)%3*3 + (O-1)%3.
    let mut expected = vec![String::from("·"); 81];
    for (i, mv) in moves.iter().enumerate() {
        let (t, o) = (mv.path()[0] as usize - 1, mv.path()[1] as usize - 1);
        let (row, col) = (t / 3 * 3 + o / 3, t % 3 * 3 + o % 3);
        expected[row * 9 + col] = if i % 2 == 0 { "X" } else { "O" }.into();
    }

    clear_photos(s).await?;
    choose_photo(s, &photo).await?;
    s.click("#read-run").await?;
    s.until("the position read from the field", "return document.querySelectorAll('.read-position table.read-field td').length === 81
             && document.getElementById('read-status').textContent.includes('Positions read from fields without a record: 1');")
    .await?;
    let seen = s
        .js(
            "return [
               [...document.querySelectorAll('.read-field td')].map(td => td.textContent),
               document.querySelector('.read-position .read-verdict').textContent,
               document.getElementById('read-record-field').hidden && document.getElementById('read-actions').hidden,
               document.querySelectorAll('.read-position .read-sheet').length,
               [...document.querySelectorAll('.read-overlay text.mark')].map(t => t.textContent).join(''),
               document.querySelectorAll('.read-moves').length,
               document.getElementById('read-error').hidden,
             ];",
            vec![],
        )
        .await?;
    assert_eq!(seen[0], json!(expected), "{seen}");
    let verdict = seen[1].as_str().unwrap_or_default();
    assert!(
        verdict.starts_with("13 X and 12 O on the field.")
            && verdict.contains("Doubtful cells: 0."),
        "{verdict}"
    );
    assert!(
        verdict.contains("O is to move")
            || verdict.contains("has won")
            || verdict.contains("cannot be told"),
        "{verdict}"
    );
    assert_eq!(seen[2], json!(true), "no record offered: {seen}");
    assert_eq!(seen[3], json!(1), "the sheet drawn: {seen}");
    assert_eq!(seen[4].as_str().unwrap_or_default().len(), 25, "{seen}");
    assert_eq!(seen[5], json!(0), "no moves listed: {seen}");
    assert_eq!(seen[6], json!(true), "no error shown: {seen}");
    s.js(
        "document.querySelector('.read-field').scrollIntoView({ block: 'center' }); return true;",
        vec![],
    )
    .await?;
    s.screenshots("read-position").await?;
    s.fits_every_width("the position read").await?;
    // Its words in the page's language.
    let (english, _) = own_words(s, "panel-read").await?;
    for language in ["de", "ru", "th"] {
        s.select_language(language).await?;
        s.until_given("the position in the language", "return document.documentElement.lang === arguments[0]
                 && !document.querySelector('.read-position .read-verdict').textContent.includes('on the field');", vec![json!(language)])
        .await?;
        let (words, text) = own_words(s, "panel-read").await?;
        no_english_left(language, &words, &english, &text);
    }
    s.select_language("en").await?;
    Ok(())
}

/// A sheet printed from a spec of one's own: its photo alone is refused
/// in words that ask for the spec; with the spec chosen beside it, its
/// moves are read and checked, the sheet drawn from that spec.
async fn read_custom(s: &Session, dir: &Path) -> Res<()> {
    let custom = crate::web_read::custom_sheet_photo(dir);
    let moves = custom.moves;
    let photo = dir.join("custom.jpg");
    std::fs::write(&photo, &custom.jpeg)?;
    // Written by `custom_sheet_photo` beside the photo.
    let spec_path = dir.join("class-5b.toml");

    clear_photos(s).await?;
    read_refused(
        s,
        &photo,
        "custom.jpg is a sheet printed from a spec of its own",
    )
    .await?;
    s.find("#read-spec")
        .await?
        .send_keys(&spec_path.display().to_string())
        .await?;
    s.until(
        "the spec chosen",
        "return document.getElementById('read-spec-chosen').textContent.includes('class-5b.toml');",
    )
    .await?;
    s.click("#read-run").await?;
    s.until_given(
        "the custom sheet's moves read and checked",
        "return document.querySelectorAll('.read-moves li').length === arguments[0]
             && !!document.querySelector('.read-verdict .verdict')
             && document.getElementById('read-error').hidden;",
        vec![json!(moves.len())],
    )
    .await?;
    let record = s
        .js(
            "return document.getElementById('read-record').value;",
            vec![],
        )
        .await?;
    let record = record.as_str().unwrap_or_default();
    assert!(record.starts_with("[Game \"ultimate\"]"), "{record}");
    // A spec that names a file of its own: refused, saying which.
    let naming = dir.join("naming.toml");
    std::fs::write(
        &naming,
        paperboard_sheets::spec::Template::StrategicFunctional
            .text()
            .replace("row-numbers = \"map34\"", "row-numbers = \"my-map.toml\""),
    )?;
    s.find("#read-spec")
        .await?
        .send_keys(&naming.display().to_string())
        .await?;
    s.click("#read-run").await?;
    s.until(
        "the spec naming a file refused",
        "const e = document.getElementById('read-error');
         return !e.hidden && e.textContent.includes('my-map.toml');",
    )
    .await?;
    // Taken away again, for the tests after.
    s.click("#read-spec-chosen button").await?;
    clear_photos(s).await?;
    Ok(())
}

/// Every photo sent comes back in the list of photos with its outcome,
/// in the order chosen, a scanned PDF's pages one by one: a game (the
/// example photo as a PDF's first page), a sheet of a game (two A5 record
/// pages of one Strategic game, chosen the wrong way round: small pages,
/// quick to read), or why it was refused (the PDF's drawn second page, a
/// white photo); the list is the same after a reload.
async fn read_outcomes(s: &Session, dir: &Path) -> Res<()> {
    use crate::read_marks::{last_ply, strategic_game};
    use crate::read_photo::photos::{Shot, page, photograph, play_on};
    use paperboard_games::rng::SplitMix64;
    use paperboard_sheets::spec::Set;
    let a5: Set = "page.size=A5".parse()?;
    let (mut first, g) = page("strategic-record", std::slice::from_ref(&a5));
    let last = last_ply(&g);
    let moves = (400..)
        .map(|seed| strategic_game(last as usize + 4, seed))
        .find(|m| m.len() > last as usize)
        .unwrap();
    let mut rng = SplitMix64::new(37);
    play_on(&mut first, &g, &moves, false, &mut rng);
    let start = format!("records.start={}", last / 2 + 1).parse()?;
    let (mut more, g2) = page("strategic-record", &[a5, start]);
    play_on(&mut more, &g2, &moves, false, &mut rng);
    std::fs::write(
        dir.join("game.jpg"),
        photograph(&first, Shot::plain(), &mut rng),
    )?;
    std::fs::write(
        dir.join("more.jpg"),
        photograph(&more, Shot::plain(), &mut rng),
    )?;
    let example =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/photos/ultimate.jpg"))?;
    let scan = crate::common::scan_pdf::pdf_of(vec![crate::web_read_pdf::scanned(&example), None]);
    std::fs::write(dir.join("scan.pdf"), scan)?;

    clear_photos(s).await?;
    for photo in [
        dir.join("scan.pdf"),
        dir.join("more.jpg"),
        dir.join("wall.png"),
        dir.join("game.jpg"),
    ] {
        choose_photo(s, &photo).await?;
    }
    s.click("#read-run").await?;
    let listed = "return document.querySelectorAll('#read-outcomes li').length === 5
         && !document.getElementById('read-outcomes').hidden
         && document.getElementById('read-status').textContent.includes('Games checked: 2');";
    // Four photos, two of them record pages of 144 moves each, read by a
    // debug build on a busy machine: longer than a click's patience.
    s.until_within(4 * PATIENCE, "every photo with its outcome", listed, vec![])
        .await?;
    let outcomes =
        "return [...document.querySelectorAll('#read-outcomes li')].map(li => li.textContent);";
    let seen = s.js(outcomes, vec![]).await?;
    let seen: Vec<&str> = seen
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let (game, part) = if seen[2].contains("Game 1,") {
        ("Game 2.", "Game 1")
    } else {
        ("Game 1.", "Game 2")
    };
    assert_eq!(seen[0], format!("scan.pdf#page=1: {game}"), "{seen:?}");
    // A refusal whose sentence names the photo names it once (before,
    // `scan.pdf#page=2: scan.pdf#page=2 could not be read.`).
    assert!(
        seen[1].starts_with("scan.pdf#page=2 could not be read."),
        "{seen:?}"
    );
    assert_eq!(
        seen[2],
        format!("more.jpg: {part}, sheet 2 of 2."),
        "{seen:?}"
    );
    assert!(
        seen[3].starts_with("No sheet printed by this program was found in wall.png"),
        "{seen:?}"
    );
    for (line, name) in seen.iter().zip([
        "scan.pdf#page=1",
        "scan.pdf#page=2",
        "more.jpg",
        "wall.png",
        "game.jpg",
    ]) {
        assert_eq!(line.matches(name).count(), 1, "{name} named once: {seen:?}");
    }
    // The refusals are told in one line above the list, not again, and
    // with games read, not as if nothing had worked.
    let told = s
        .js("const e = document.getElementById('read-error'); return e.hidden ? '' : e.textContent;", vec![])
        .await?;
    assert_eq!(
        told,
        json!("Photos not read: 2. Why is said under “The photos”."),
    );
    assert_eq!(
        seen[4],
        format!("game.jpg: {part}, sheet 1 of 2."),
        "{seen:?}"
    );
    let before = seen.iter().map(|t| t.to_string()).collect::<Vec<_>>();

    // Kept over a reload, as the other tabs keep their work.
    s.client.refresh().await?;
    s.until("the outcomes shown again after a reload", listed)
        .await?;
    assert_eq!(s.js(outcomes, vec![]).await?, json!(before));
    clear_photos(s).await?;

    // In German, a refusal the page has no words of its own for (a page
    // of a PDF without a picture) is the server's reason, in German.
    s.select_language("de").await?;
    choose_photo(s, &dir.join("scan.pdf")).await?;
    s.click("#read-run").await?;
    s.until_within(
        2 * PATIENCE,
        "the scan's second page refused in German",
        "const li = [...document.querySelectorAll('#read-outcomes li')].map(li => li.textContent);
         return li.length === 2 && li[1].includes('Seite 2 des PDF enthält kein Foto')
             && !li[1].includes('holds no photo');",
        vec![],
    )
    .await?;
    s.screenshots("read-refused-de").await?;
    clear_photos(s).await?;

    // No photo read: every photo still listed with why (before, the first
    // photo's reason alone was said), and kept over a reload.
    std::fs::write(dir.join("broken.jpg"), [0x5a; 4000])?;
    for photo in ["wall.png", "broken.jpg"] {
        choose_photo(s, &dir.join(photo)).await?;
    }
    s.click("#read-run").await?;
    let listed = "const li = [...document.querySelectorAll('#read-outcomes li')].map(li => li.textContent);
         return li.length === 2 && li[0].includes('wall.png') && li[1].includes('broken.jpg ist kein JPEG')
             && document.getElementById('read-error').textContent.includes('Nicht gelesene Fotos: 2');";
    s.until("both photos refused, each with why", listed)
        .await?;
    s.screenshots("read-none-de").await?;
    s.client.refresh().await?;
    s.until(
        "the refusals shown again after a reload",
        "return document.querySelectorAll('#read-outcomes li.refused').length === 2;",
    )
    .await?;
    clear_photos(s).await?;
    s.select_language("en").await?;
    Ok(())
}

/// Waits until the page speaks `language` on the tab `tab`, after a fresh
/// start without the work of earlier steps.
async fn open_in(s: &Session, tab: &str, language: &str) -> Res<()> {
    s.client.goto(&s.url(&format!("#{tab}"))).await?;
    s.forget().await?;
    s.client.refresh().await?;
    s.select_language(language).await?;
    s.until_given(
        "the page in the language",
        "return document.documentElement.lang === arguments[0];",
        vec![json!(language)],
    )
    .await
}

/// The page's own words on every tab in `language`: the sheet form of
/// every built-in sheet (labels, hints, choices, the folded settings), the
/// handout of every game, the analysis of every ruleset, and the check tab
/// before anything is checked.
async fn every_tab_words(s: &Session, language: &str) -> Res<(Vec<String>, String)> {
    let (mut words, mut text) = (Vec::new(), String::new());
    let mut add = |(w, t): (Vec<String>, String)| {
        words.extend(w);
        text.push_str(&t);
        text.push('\n');
    };
    open_in(s, "sheets", language).await?;
    s.until(
        "the built-in sheets",
        "return document.getElementById('sheet-template').options.length > 0;",
    )
    .await?;
    let names = s
        .js(
            "return [...document.getElementById('sheet-template').options].map(o => o.value);",
            vec![],
        )
        .await?;
    let names: Vec<String> = serde_json::from_value(names)?;
    assert!(names.len() >= 10, "{names:?}");
    for name in &names {
        s.select("#sheet-template", name).await?;
        s.until(
            "the sheet's form and preview",
            "return document.querySelectorAll('#sheet-parts fieldset').length > 0
                 && document.getElementById('sheet-preview').src.startsWith('blob:')
                 && !document.getElementById('sheet-preview').classList.contains('stale');",
        )
        .await?;
        add(own_words(s, "panel-sheets").await?);
    }
    s.click("#tab-handouts").await?;
    for game in ["sos", "tictactoe", "ultimate", "strategic"] {
        s.select("#handout-game", game).await?;
        // The handout is made half a second after the last change.
        tokio::time::sleep(Duration::from_millis(700)).await;
        s.until("the handout's pages", "return document.querySelectorAll('#handout-pages li').length > 0
                 && !document.getElementById('handout-pages').classList.contains('stale')
                 && document.getElementById('handout-status').textContent !== t('Making the pages…');")
        .await?;
        add(own_words(s, "panel-handouts").await?);
    }
    s.click("#tab-analysis").await?;
    for ruleset in ["tactical", "functional", "hyperfunctional"] {
        s.select("#analysis-ruleset", ruleset).await?;
        s.until_given("the figures and the heat map", "return document.querySelectorAll('#analysis-figures tbody tr').length > 0
                 && document.getElementById('analysis-hypermap-field').hidden === (arguments[0] !== 'hyperfunctional')
                 && document.getElementById('analysis-heatmap').naturalWidth > 0;", vec![json!(ruleset)])
        .await?;
        add(own_words(s, "panel-analysis").await?);
    }
    s.click("#tab-check").await?;
    add(own_words(s, "panel-check").await?);
    // The class's games: the moments that decided them, one shown, and a
    // worksheet made from them (the players' names, which are no words,
    // left out).
    let games: Vec<&str> = include_str!("../../examples/handouts/class-games.txt")
        .lines()
        .filter(|l| !l.starts_with("[X ") && !l.starts_with("[O "))
        .collect();
    s.paste_and_check(&games.join("\n")).await?;
    s.until(
        "the moments under the games",
        "return document.querySelectorAll('.moments li button').length > 0;",
    )
    .await?;
    s.click(".moments li button").await?;
    s.until(
        "the moment's diagram",
        "return !document.getElementById('check-diagram').hidden;",
    )
    .await?;
    add(own_words(s, "panel-check").await?);
    s.js(
        "document.querySelector('.moments').scrollIntoView({block: 'start'}); return true;",
        vec![],
    )
    .await?;
    s.screenshots(&format!("check-moments-{language}")).await?;
    s.click("#tab-handouts").await?;
    s.select("#handout-game", "ultimate").await?;
    s.select("#handout-kind", "win").await?;
    tokio::time::sleep(Duration::from_millis(700)).await;
    s.until(
        "the worksheet from the games",
        "return !document.getElementById('handout-win-row').hidden
             && document.getElementById('handout-error').hidden
             && document.querySelectorAll('#handout-pages li').length > 0
             && !document.getElementById('handout-pages').classList.contains('stale')
             && document.getElementById('handout-status').textContent !== t('Making the pages…');",
    )
    .await?;
    add(own_words(s, "panel-handouts").await?);
    s.screenshots(&format!("handout-win-{language}")).await?;
    // The next language's tour starts from the random exercises again.
    s.select("#handout-kind", "ultimate-where").await?;
    tokio::time::sleep(Duration::from_millis(700)).await;
    Ok((words, text))
}

/// In German, Russian and Thai no tab keeps a word of the English page:
/// not a label, hint or choice of any sheet's form, not a template's name,
/// not a word of the handouts, the analysis or the empty check tab.
async fn every_word(s: &Session) -> Res<()> {
    let (english, text) = every_tab_words(s, "en").await?;
    // The English page has the words looked for: labels and hints from the
    // spec's reference, template names, the analysis, the empty check.
    for w in [
        "gap",
        "margins",
        "marks",
        "cell",
        "numbers",
        "hyperfunctional",
        "nothing",
    ] {
        assert!(
            english.iter().any(|e| e == w),
            "no `{w}` in English:\n{text}"
        );
    }
    for language in ["de", "ru", "th"] {
        let (words, text) = every_tab_words(s, language).await?;
        no_english_left(language, &words, &english, &text);
        s.click("#tab-sheets").await?;
        s.screenshots(&format!("sheets-{language}")).await?;
    }
    s.forget().await?;
    Ok(())
}

/// A German page that sends a value out of range hears why in German, at
/// the field and in the banner, with no English word of the reason.
async fn sheet_refused(s: &Session) -> Res<()> {
    open_in(s, "sheets", "de").await?;
    s.until(
        "the sheet list",
        "return !!document.querySelector(\"#sheet-template option[value='sos']\");",
    )
    .await?;
    s.select("#sheet-template", "sos").await?;
    let columns = s.find("[data-key='sos.size'] input").await?;
    columns.clear().await?;
    columns.send_keys("30").await?;
    s.until(
        "the German reason at the board size",
        "const e = document.querySelector('[data-key=\"sos.size\"] .field-error');
         return !!e && e.textContent.includes('muss') && e.textContent.includes('3 bis 26')
             && !/must|columns|rows|each|number|from/.test(e.textContent)
             && !document.getElementById('sheet-error').hidden;",
    )
    .await?;
    s.screenshots("sheets-error-de").await?;
    columns.clear().await?;
    columns.send_keys("10").await?;
    Ok(())
}

/// A German page prints German sheets and handouts until the teacher
/// chooses another language for them; a change of the page's language
/// takes along the sheet whose language was never chosen.
async fn sheet_language(s: &Session) -> Res<()> {
    open_in(s, "sheets", "de").await?;
    let german = s.preview_change("", "Strategisches Tic-Tac-Toe").await?;
    assert_eq!(
        s.js(
            "return document.getElementById('sheet-language').value;",
            vec![]
        )
        .await?,
        json!("de")
    );
    let (_, pdf) = s.download("#sheet-pdf", "pdf").await?;
    assert!(
        pdftotext_layout(&pdf).contains("Zugprotokoll"),
        "the German page's PDF is not German"
    );
    // The page in Russian: the sheet follows.
    s.select_language("ru").await?;
    let russian = s
        .preview_change(&german, "Стратегические крестики-нолики")
        .await?;
    // The sheet's own field still changes it, and then the page does not.
    s.select("#sheet-language", "en").await?;
    let english = s.preview_change(&russian, "Strategic tic-tac-toe").await?;
    s.select_language("th").await?;
    s.until(
        "the page in Thai",
        "return document.documentElement.lang === 'th';",
    )
    .await?;
    assert_eq!(
        s.js(
            "return document.getElementById('sheet-language').value;",
            vec![]
        )
        .await?,
        json!("en")
    );
    assert_eq!(s.preview_svg().await?, english, "the chosen language left");
    // Undone, the sheet is in the page's language again.
    s.click("#sheet-reset").await?;
    s.preview_change(&english, "โอเอ็กซ์เชิงกลยุทธ์").await?;
    // The handout: in the page's language until one is chosen for it.
    s.click("#tab-handouts").await?;
    s.until(
        "the handout in Thai",
        "return document.getElementById('handout-language').value === 'th'
             && document.querySelectorAll('#handout-pages li').length > 0;",
    )
    .await?;
    s.select_language("de").await?;
    s.until(
        "the handout in German",
        "return document.getElementById('handout-language').value === 'de';",
    )
    .await?;
    s.select("#handout-language", "ru").await?;
    s.select_language("en").await?;
    s.until(
        "the page in English",
        "return document.documentElement.lang === 'en';",
    )
    .await?;
    assert_eq!(
        s.js(
            "return document.getElementById('handout-language').value;",
            vec![]
        )
        .await?,
        json!("ru")
    );
    s.forget().await?;
    Ok(())
}

/// On a phone the sheet's preview scrolls with the page and is as wide as
/// the screen; up to 900 px the keyboard reaches a preview's download
/// buttons before the form below them, and on a wide screen after the form
/// beside them; no select is cut off; a fix that changes nothing says why.
async fn phone(s: &Session) -> Res<()> {
    open_in(s, "sheets", "de").await?;
    s.preview_change("", "Strategisches").await?;
    // Before in the page: the download button comes first by Tab.
    let order = "return [document.getElementById(arguments[0]), document.getElementById(arguments[1])]
                   .map(e => e.getBoundingClientRect().top) .concat(
                 [!!(document.getElementById(arguments[0]).compareDocumentPosition(document.getElementById(arguments[1])) & Node.DOCUMENT_POSITION_FOLLOWING)]);";
    for (w, h) in WIDTHS {
        s.client.set_window_size(w, h).await?;
        s.js("return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))", vec![]).await?;
        for (tab, button, first_field) in [
            ("#tab-sheets", "sheet-pdf", "sheet-template"),
            ("#tab-handouts", "handout-pdf", "handout-game"),
        ] {
            s.click(tab).await?;
            let o = s.js(order, vec![json!(button), json!(first_field)]).await?;
            let (button_top, field_top, button_first) = (
                o[0].as_f64().unwrap_or(0.0),
                o[1].as_f64().unwrap_or(0.0),
                o[2].as_bool().unwrap_or(false),
            );
            // Narrow, the preview stands above the form; wide, it stands
            // to the right of it: the keyboard follows.
            let narrow = w <= 900;
            if narrow {
                assert!(button_top < field_top, "{tab} at {w} px: {o}");
            }
            assert_eq!(
                button_first, narrow,
                "{tab} at {w} px: the keyboard's order is not the eye's: {o}"
            );
        }
        // No select that shares its row with another field cuts off its
        // choice ("Strategisches Tic-Tac" for the game).
        let clipped = s
            .js(
                "const ctx = document.createElement('canvas').getContext('2d');
                 const out = [];
                 for (const tab of ['tab-sheets', 'tab-handouts']) {
                   document.getElementById(tab).click();
                   for (const e of document.querySelectorAll('.panel:not([hidden]) .row select')) {
                     if (e.closest('[hidden]') || !e.offsetParent) continue;
                     const cs = getComputedStyle(e);
                     ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
                     const text = e.selectedOptions[0] ? e.selectedOptions[0].textContent : '';
                     const room = e.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
                     if (ctx.measureText(text).width > room) out.push(`${e.id}: ${text}`);
                   }
                 }
                 return out;",
                vec![],
            )
            .await?;
        assert_eq!(clipped, json!([]), "at {w} px: selects cut off");
    }
    s.client.set_window_size(390, 844).await?;
    s.click("#tab-sheets").await?;
    let preview = s
        .js(
            "const p = document.querySelector('#panel-sheets .preview');
             const img = document.getElementById('sheet-preview').getBoundingClientRect();
             return [getComputedStyle(p).position, img.width, window.innerWidth];",
            vec![],
        )
        .await?;
    assert_eq!(preview[0], json!("static"), "{preview}");
    assert!(
        preview[1].as_f64().unwrap_or(0.0) >= 0.8 * preview[2].as_f64().unwrap_or(1.0),
        "the preview is narrower than the phone: {preview}"
    );
    s.screenshots("phone-sheets-de").await?;
    s.click("#tab-handouts").await?;
    s.screenshots("phone-handouts-de").await?;
    s.js(
        "document.getElementById('handout-game').scrollIntoView(); return true;",
        vec![],
    )
    .await?;
    let png = s.client.screenshot().await?;
    std::fs::write(s.shots.join("phone-handouts-form-de-390x844.png"), png)?;
    s.client.set_window_size(1280, 800).await?;

    // Two suggestions equally good: nothing is changed, and the page says
    // why, as `check --fix` does.
    s.click("#tab-check").await?;
    s.paste_and_check("[Game \"tictactoe\"]\n\n1. 5 1 2. 9 1\n")
        .await?;
    s.until(
        "the suggestions",
        "return !document.getElementById('check-fix-all').hidden;",
    )
    .await?;
    // The suggestions in the page's language, as the server words them.
    s.until(
        "the suggestions in German",
        "const shown = document.querySelector('#check-lines .suggestions');
         if (!shown) return false;
         const says = shown.textContent;
         return says.includes('regelgerecht') && !says.includes('legal');",
    )
    .await?;
    s.click("#check-fix-all").await?;
    s.until("why nothing was changed", "return document.getElementById('check-summary').textContent.includes('Nichts wurde geändert: Kein Vorschlag ist sicher genug')
             && document.getElementById('check-summary').textContent.includes('Partie 1, Zeile 3: ');")
    .await?;
    s.forget().await?;
    Ok(())
}

/// What runs past the window's right edge, or is cut off in its own box,
/// on the page as it stands: elements inside a box that scrolls sideways
/// (the record text, a wide table in its scroller) are that box's.
const OVERFLOW: &str = "
  const W = document.documentElement.clientWidth;
  const canvas = document.createElement('canvas').getContext('2d');
  const scrolls = (e) => { for (let a = e.parentElement; a; a = a.parentElement) { const o = getComputedStyle(a).overflowX; if (o === 'auto' || o === 'scroll') return true; } return false; };
  const out = [];
  let looked = 0;
  for (const e of document.querySelectorAll('body *')) {
    if (e.closest('[hidden], script, style, svg, option') || !e.getClientRects().length) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || scrolls(e)) continue;
    looked++;
    const name = e.tagName.toLowerCase() + (e.id ? '#' + e.id : '');
    const text = (e.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 50);
    if (r.right > W + 1) { out.push(`${name} runs to ${Math.round(r.right)} of ${W} px: ${text}`); continue; }
    if (e.tagName === 'SELECT') {
      canvas.font = getComputedStyle(e).font;
      const chosen = e.options[e.selectedIndex];
      const w = chosen ? canvas.measureText(chosen.text).width : 0;
      if (w > e.clientWidth - 28) out.push(`${name} cuts its choice (${Math.round(w)} px in ${e.clientWidth}): ${chosen.text}`);
    } else if (['BUTTON', 'LABEL', 'TH', 'TD', 'A', 'SUMMARY', 'LEGEND', 'H2', 'H3', 'P'].includes(e.tagName)
               && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') {
      out.push(`${name} is cut (${e.scrollWidth} px in ${e.clientWidth}): ${text}`);
    }
  }
  return { looked, out };";

/// The page in Russian, whose words run longest of the four languages, at
/// 768 px, a tablet held upright: on every tab nothing runs past the
/// window's edge and no label, button or choice is cut off. Screenshots of
/// each tab for a person to look at.
async fn russian_768(s: &Session) -> Res<()> {
    open_in(s, "sheets", "ru").await?;
    s.client.set_window_size(768, 1024).await?;
    let mut found = Vec::new();
    for tab in ["sheets", "handouts", "check", "read", "analysis"] {
        s.click(&format!("#tab-{tab}")).await?;
        if tab == "check" {
            s.paste_and_check(EVERY_RESULT).await?;
            s.until(
                "the five games checked",
                "return document.querySelectorAll('#check-games tbody tr').length === 5;",
            )
            .await?;
        }
        // Let the previews and the analysis arrive.
        s.js(
            "return new Promise(r => setTimeout(() => requestAnimationFrame(() => r(true)), 1500))",
            vec![],
        )
        .await?;
        let over = s.js(OVERFLOW, vec![]).await?;
        // The probe looked at the tab's own elements, not past them.
        let looked = over["looked"].as_u64().unwrap_or(0);
        assert!(looked >= 20, "{tab}: only {looked} elements looked at");
        for o in over["out"].as_array().into_iter().flatten() {
            found.push(format!("{tab}: {}", o.as_str().unwrap_or_default()));
        }
        let png = s.client.screenshot().await?;
        std::fs::write(s.shots.join(format!("ru-768-{tab}.png")), png)?;
    }
    s.client.set_window_size(1280, 800).await?;
    s.forget().await?;
    assert!(
        found.is_empty(),
        "at 768 px in Russian:\n{}",
        found.join("\n")
    );
    Ok(())
}
