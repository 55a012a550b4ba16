//! The web's searches in a Web Worker (`web/worker.js` running the `surakarta-worker`
//! crate): the page's thread only posts the question and reads the answer, so the frames
//! keep coming at their rate and the search runs at the worker's full speed.
//!
//! The worker answers its messages one at a time, in order. A search cannot be stopped
//! inside the worker, so cancelling the one it is on ends the worker; the next question
//! starts another (the browser has the scripts in its cache, or the service worker's).
//! Should the worker not start or its engine not load, every question still open is
//! answered [`Reply::Failed`] and no other is asked: the computer searches on the page's
//! thread in slices instead.

use std::cell::RefCell;
use std::collections::HashMap;
pub use surakarta_protocol::worker::Request;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

/// Where a question stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Still searching (or waiting its turn).
    Pending,
    /// The move, in the rules' notation; `None` when there is none.
    Move(Option<String>),
    /// The worker could not answer; search another way.
    Failed,
}

struct Port {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

#[derive(Default)]
struct State {
    port: Option<Port>,
    /// Questions posted and not yet answered, in the order the worker takes them.
    in_flight: Vec<(u64, String)>,
    replies: HashMap<u64, Reply>,
    /// The worker failed once: no more questions for it.
    broken: bool,
    next: u64,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::default();
}

/// The page can run workers, and this one has not failed.
pub fn available() -> bool {
    let has_workers = web_sys::window()
        .is_some_and(|w| js_sys::Reflect::has(&w, &"Worker".into()).unwrap_or(false));
    has_workers && STATE.with_borrow(|s| !s.broken)
}

/// Starts the worker now, so that its engine has loaded by the first question.
pub fn warm_up() {
    STATE.with_borrow_mut(|s| {
        if s.port.is_none() && !s.broken {
            s.port = start();
            s.broken = s.port.is_none();
        }
    });
}

/// Asks `request` (JSON, `surakarta_worker::Request`); the id to look for its reply.
pub fn ask(request: String) -> u64 {
    STATE.with_borrow_mut(|s| {
        s.next += 1;
        let id = s.next;
        if s.broken {
            s.replies.insert(id, Reply::Failed);
            return id;
        }
        if s.port.is_none() {
            s.port = start();
        }
        match &s.port {
            Some(port) if post(port, id, &request) => s.in_flight.push((id, request)),
            _ => {
                fail_all(s);
                s.replies.insert(id, Reply::Failed);
            }
        }
        id
    })
}

/// The reply to question `id` (taken: a reply is read once).
pub fn reply(id: u64) -> Reply {
    STATE.with_borrow_mut(|s| s.replies.remove(&id).unwrap_or(Reply::Pending))
}

/// Forgets question `id`; the worker is ended if it is searching it, and the questions
/// after it are asked again of a new one.
pub fn cancel(id: u64) {
    STATE.with_borrow_mut(|s| {
        s.replies.remove(&id);
        let Some(at) = s.in_flight.iter().position(|(i, _)| *i == id) else {
            return;
        };
        s.in_flight.remove(at);
        if at > 0 {
            // Not started yet: its answer will come and be dropped.
            return;
        }
        if let Some(port) = s.port.take() {
            port.worker.terminate();
        }
        if s.in_flight.is_empty() {
            return;
        }
        s.port = start();
        let again = std::mem::take(&mut s.in_flight);
        for (id, request) in again {
            match &s.port {
                Some(port) if post(port, id, &request) => s.in_flight.push((id, request)),
                _ => {
                    s.replies.insert(id, Reply::Failed);
                }
            }
        }
        if s.port.is_none() {
            s.broken = true;
        }
    });
}

fn post(port: &Port, id: u64, request: &str) -> bool {
    let message = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&message, &"id".into(), &JsValue::from(id as f64));
    let _ = js_sys::Reflect::set(&message, &"request".into(), &request.into());
    port.worker.post_message(&message).is_ok()
}

/// Every question still open fails, and no more are asked.
fn fail_all(s: &mut State) {
    s.broken = true;
    for (id, _) in std::mem::take(&mut s.in_flight) {
        s.replies.insert(id, Reply::Failed);
    }
    if let Some(port) = s.port.take() {
        port.worker.terminate();
    }
}

fn start() -> Option<Port> {
    let worker = web_sys::Worker::new("worker.js").ok()?;
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(heard);
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(|_: web_sys::Event| {
        STATE.with_borrow_mut(fail_all);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Some(Port {
        worker,
        _on_message: on_message,
        _on_error: on_error,
    })
}

/// A message from the worker: `{id, answer}` or `{id, failed}`.
fn heard(event: web_sys::MessageEvent) {
    let data = event.data();
    let field = |name: &str| js_sys::Reflect::get(&data, &name.into()).ok();
    let Some(id) = field("id").and_then(|v| v.as_f64()).map(|v| v as u64) else {
        return;
    };
    STATE.with_borrow_mut(|s| {
        let Some(at) = s.in_flight.iter().position(|(i, _)| *i == id) else {
            // Cancelled while it was searched or waited: nobody wants it.
            return;
        };
        s.in_flight.remove(at);
        if field("failed").is_some_and(|f| !f.is_undefined()) {
            s.replies.insert(id, Reply::Failed);
            fail_all(s);
            return;
        }
        let answer = field("answer")
            .and_then(|a| a.as_string())
            .unwrap_or_default();
        let reply = match serde_json::from_str::<surakarta_protocol::worker::Answer>(&answer) {
            Ok(a) if a.error.is_none() => Reply::Move(a.mv),
            // A question it could not read: this one is searched another way.
            _ => Reply::Failed,
        };
        s.replies.insert(id, reply);
    });
}
