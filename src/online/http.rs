//! The online game's HTTP requests (create a game, join one: a POST with a JSON body;
//! read one to watch it: a GET), answered on another thread (natively: ureq, blocking, on
//! a thread of its own) or by the browser (`fetch`, through ehttp). The answer goes to
//! `done`, which must not block.

use std::sync::{Arc, Mutex};

/// What a request came back with: the status and the body, or why there was no answer.
pub type Answer = Result<(u16, String), String>;

/// The most of an answer the app reads: a seat is a few hundred bytes, a game's state
/// with the longest record the server keeps far less than this.
#[cfg(not(target_arch = "wasm32"))]
const MAX_ANSWER: u64 = 1 << 20;

/// Where an answer lands, for the app to take up on a later frame.
pub type Slot = Arc<Mutex<Option<Answer>>>;

/// Sends a POST of `body` (JSON) to `url`, or a GET without one; the answer lands in the
/// slot returned, and `wake` is called (from another thread) when it has.
pub fn into_slot(url: String, body: Option<String>, wake: impl FnOnce() + Send + 'static) -> Slot {
    let slot = Slot::default();
    let into = slot.clone();
    send(url, body, move |answer| {
        if let Ok(mut slot) = into.lock() {
            *slot = Some(answer);
        }
        wake();
    });
    slot
}

/// The answer, once it has landed (taken: a second call gives `None`).
pub fn take(slot: &Slot) -> Option<Answer> {
    slot.lock().ok()?.take()
}

/// A POST of `body` (JSON), or a GET without one.
#[cfg(not(target_arch = "wasm32"))]
fn send(url: String, body: Option<String>, done: impl FnOnce(Answer) + Send + 'static) {
    let spawned = std::thread::Builder::new()
        .name("surakarta-http".into())
        .spawn(move || {
            let agent: ureq::Agent = ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(std::time::Duration::from_secs(20)))
                .build()
                .into();
            let sent = match body {
                Some(body) => agent
                    .post(&url)
                    .header("Content-Type", "application/json")
                    .send(&body),
                None => agent.get(&url).call(),
            };
            let answer = sent.map_err(|e| e.to_string()).and_then(|mut response| {
                let status = response.status().as_u16();
                let text = response
                    .body_mut()
                    .with_config()
                    .limit(MAX_ANSWER)
                    .read_to_string()
                    .map_err(|e| e.to_string())?;
                Ok((status, text))
            });
            done(answer);
        });
    if let Err(e) = spawned {
        bevy::log::warn!("could not start a request: {e}");
    }
}

/// A POST of `body` (JSON), or a GET without one.
#[cfg(target_arch = "wasm32")]
fn send(url: String, body: Option<String>, done: impl FnOnce(Answer) + Send + 'static) {
    let request = match body {
        Some(body) => {
            let mut request = ehttp::Request::post(url, body.into_bytes());
            request.headers.insert("Content-Type", "application/json");
            request
        }
        None => ehttp::Request::get(url),
    };
    ehttp::fetch(request, move |answer| {
        done(answer.map(|r| (r.status, r.text().unwrap_or_default().to_owned())));
    });
}
