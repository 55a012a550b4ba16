// The computer player, off the page's thread: src/computer/worker.rs posts {id, request}
// (a JSON request, crates/worker/src/lib.rs), this answers {id, answer}. Searches run one
// at a time, as the messages come; the app ends this worker to stop one and starts
// another. Should the engine not load, every message is answered {id, failed} and the app
// searches on the page's thread instead.
// web/build.sh writes in the names of this build's files (named by their content).
importScripts("__WORKER_JS__");
const ready = wasm_bindgen({ module_or_path: "__WORKER_WASM__" });
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
