//! The worker's search speed natively, to hold against the same searches in a browser's
//! worker (`tests/web/measure.mjs`): `cargo run --release -p surakarta-worker --example speed`.

fn main() {
    let started = std::time::Instant::now();
    let clock = move || started.elapsed().as_secs_f64() * 1000.0;
    // The first search of an ending builds the worker's endgame tables first.
    for run in ["first, with the build", "second"] {
        let request = "{\"kind\":\"bench\",\"position\":\"6/6/6/3b2/r5/5r r 0 0\",\"depth\":1}";
        let answer: serde_json::Value =
            serde_json::from_str(&surakarta_worker::answer(request, &clock)).unwrap();
        println!("ending, {run}: {} ms", answer["millis"]);
    }
    for depth in [8, 9, 10] {
        let request = format!(
            "{{\"kind\":\"bench\",\"position\":\"bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 0\",\"depth\":{depth}}}"
        );
        let answer: serde_json::Value =
            serde_json::from_str(&surakarta_worker::answer(&request, &clock)).unwrap();
        let nodes = answer["nodes"].as_f64().unwrap_or(0.0);
        let millis = answer["millis"].as_f64().unwrap_or(0.0).max(1.0);
        println!(
            "depth {depth}: {nodes} nodes in {millis} ms, {:.0} nodes per second",
            nodes / (millis / 1000.0)
        );
    }
}
