// The computer player, off the page's thread: src/computer/worker.rs posts {id, request}
// (a JSON request, crates/worker/src/lib.rs), this answers {id, answer}. Searches run one
// at a time, as the messages come; the app ends this worker to stop one and starts
// another. Should the engine not load, every message is answered {id, failed} and the app
// searches on the page's thread instead.
importScripts("surakarta_worker.js");
const ready = wasm_bindgen({ module_or_path: "surakarta_worker_bg.wasm" });
let failed = null;
ready.catch((e) => { failed = String(e); });

onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    await ready;
  } catch (e) {
    postMessage({ id, failed: failed ?? String(e) });
    return;
  }
  let answer;
  try {
    answer = wasm_bindgen.answer(request);
  } catch (e) {
    postMessage({ id, failed: String(e) });
    return;
  }
  postMessage({ id, answer });
};
