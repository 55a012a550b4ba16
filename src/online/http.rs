//! The online game's two HTTP requests (create a game, join one): a POST with a JSON body,
//! answered on another thread (natively: ureq, blocking, on a thread of its own) or by the
//! browser (`fetch`, through ehttp). The answer goes to `done`, which must not block.

/// What a request came back with: the status and the body, or why there was no answer.
pub type Answer = Result<(u16, String), String>;

/// The most of an answer the app reads: the server's are a few hundred bytes.
#[cfg(not(target_arch = "wasm32"))]
const MAX_ANSWER: u64 = 64 * 1024;

/// Posts `body` to `url` and hands the answer to `done`.
#[cfg(not(target_arch = "wasm32"))]
pub fn post(url: String, body: String, done: impl FnOnce(Answer) + Send + 'static) {
    let spawned = std::thread::Builder::new()
        .name("surakarta-http".into())
        .spawn(move || {
            let agent: ureq::Agent = ureq::Agent::config_builder()
                .http_status_as_error(false)
                .timeout_global(Some(std::time::Duration::from_secs(20)))
                .build()
                .into();
            let answer = agent
                .post(&url)
                .header("Content-Type", "application/json")
                .send(&body)
                .map_err(|e| e.to_string())
                .and_then(|mut response| {
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

/// Posts `body` to `url` and hands the answer to `done`.
#[cfg(target_arch = "wasm32")]
pub fn post(url: String, body: String, done: impl FnOnce(Answer) + Send + 'static) {
    let mut request = ehttp::Request::post(url, body.into_bytes());
    request.headers.insert("Content-Type", "application/json");
    ehttp::fetch(request, move |answer| {
        done(answer.map(|r| (r.status, r.text().unwrap_or_default().to_owned())));
    });
}
