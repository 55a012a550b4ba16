//! The phones' project files, read as the build tools would: no NDK or Xcode here, so what
//! can be checked of them is checked here, and the scripts, Gradle, Xcode, the docs and the
//! code are held to each other (docs/mobile.md):
//!
//! - Android asks for INTERNET (online games) and VIBRATE and nothing else, takes records
//!   shared to it and opens its server's invite links; every method the Rust side calls
//!   through JNI exists in MainActivity.java with the same types; the Rust library is
//!   linked for minSdk, and every system library it needs exists in the NDK at that level;
//!   the store's targetSdk, 16 KB pages, Back as a key; the manifest and resources compile
//!   with `aapt` against the Android framework and say what a phone reads of them.
//! - Both ship the font's licence and not the `assets/` the binary carries compiled in.
//! - iOS: the bundle takes record files, adopts the UIScene life cycle
//!   with the delegate the Rust side registers, shows its records in Files, has a privacy
//!   manifest, a launch screen without a storyboard and a shared scheme, and links every
//!   framework the Rust library asks for.
//! - The hosted phones' workflows (.github/workflows/android.yml, ios.yml) run the build
//!   commands docs/mobile.md and the scripts give, and nothing of their own: a line changed
//!   on one side and not the other fails here.
//!
//! The checks that need Debian's `aapt`, `android-framework-res` or Python skip when those
//! are missing, unless SURAKARTA_REQUIRE_PHONE_TOOLS is set (CI sets it).

use std::path::Path;
use std::process::Command;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

#[test]
fn android_asks_for_the_network_and_vibration_only_and_takes_records_and_invites() {
    let manifest = read("android/app/src/main/AndroidManifest.xml");
    let permissions: Vec<&str> = manifest
        .split("<uses-permission")
        .skip(1)
        .filter_map(|p| p.split('"').nth(1))
        .collect();
    assert_eq!(
        permissions,
        ["android.permission.INTERNET", "android.permission.VIBRATE"]
    );
    // The invite links of the server the build is made for; the Gradle property names it
    // and the build script passes it on.
    assert!(manifest.contains("android:host=\"${inviteHost}\""));
    assert!(manifest.contains("android:scheme=\"https\""));
    assert!(read("android/app/build.gradle").contains("surakartaInviteHost"));
    assert!(read("android/gradle.properties").contains("surakartaInviteHost=invite.invalid"));
    for wanted in [
        "android.intent.action.SEND",
        "android.intent.action.VIEW",
        "android:mimeType=\"text/plain\"",
        "android:launchMode=\"singleTask\"",
    ] {
        assert!(manifest.contains(wanted), "the manifest has no {wanted}");
    }
}

/// A Java type as JNI writes it.
fn jni_type(java: &str) -> String {
    match java.trim().trim_start_matches("final ").trim() {
        "void" => "V".into(),
        "boolean" => "Z".into(),
        "int" => "I".into(),
        "long" => "J".into(),
        "String" => "Ljava/lang/String;".into(),
        // NativeActivity's surface callbacks, which the activity overrides.
        "SurfaceHolder" => "Landroid/view/SurfaceHolder;".into(),
        array if array.ends_with("[]") => format!("[{}", jni_type(&array[..array.len() - 2])),
        other => panic!("no JNI spelling here for {other}"),
    }
}

/// The JNI signature of each public method of a Java class, by name.
fn java_methods(java: &str) -> Vec<(String, String)> {
    let mut methods = Vec::new();
    for line in java.lines() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix("public ") else {
            continue;
        };
        let rest = rest.trim_start_matches("synchronized ");
        let (Some(open), Some(close)) = (rest.find('('), rest.find(')')) else {
            continue;
        };
        let Some((ret, name)) = rest[..open].trim().rsplit_once(' ') else {
            continue;
        };
        let params: String = rest[open + 1..close]
            .split(',')
            .filter(|p| !p.trim().is_empty())
            .map(|p| {
                let p = p.trim().trim_start_matches("final ");
                jni_type(p.rsplit_once(' ').map_or(p, |(t, _)| t))
            })
            .collect();
        methods.push((name.to_owned(), format!("({params}){}", jni_type(ret))));
    }
    methods
}

#[test]
fn every_method_rust_calls_through_jni_is_in_the_activity_with_those_types() {
    let rust = read("src/platform/android.rs");
    let java = read("android/app/src/main/java/org/surakarta/game/MainActivity.java");
    let methods = java_methods(&java);
    let calls: Vec<(String, String)> = rust
        .split("call_method(")
        .skip(1)
        .map(|call| {
            let quoted: Vec<&str> = call.split('"').collect();
            (quoted[1].to_owned(), quoted[3].to_owned())
        })
        .collect();
    assert!(calls.len() >= 5, "{calls:?}");
    for call in &calls {
        assert!(
            methods.contains(call),
            "Rust calls {call:?}; the activity has {methods:?}"
        );
    }
}

/// The Rust sources of the app, each with its path.
fn app_sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            app_sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn the_phones_ship_the_font_licence_and_not_what_the_binary_already_carries() {
    // The app compiles its fonts, translations, sounds and puzzles in and loads nothing
    // through Bevy's asset server: a phone would carry `assets/` twice.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    app_sources(&root.join("src"), &mut sources);
    assert!(sources.len() > 10);
    for (path, text) in &sources {
        assert!(
            !text.contains("AssetServer"),
            "{path} loads through the asset server: ship assets/ with the phones again"
        );
    }
    // The font's licence goes with the font (SIL OFL 1.1), in both bundles.
    assert!(root.join("assets/fonts/OFL.txt").is_file());
    // Gradle copies it before the build (the preBuild line is checked with the library's).
    let gradle = read("android/app/build.gradle");
    assert!(gradle.contains("from rootProject.file('../assets/fonts/OFL.txt')"));
    assert!(gradle.contains("assets.srcDir licences"));
    assert!(!gradle.contains("files('../../assets')"));
    let project = read("ios/Surakarta.xcodeproj/project.pbxproj");
    let resources = build_phase(&project, "PBXResourcesBuildPhase");
    assert!(
        resources.contains("/* OFL.txt in Resources */"),
        "{resources}"
    );
    assert!(project.contains("path = ../assets/fonts/OFL.txt;"));
    assert!(!project.contains("path = ../assets;"));
}

#[test]
fn the_ios_bundle_links_the_sound_and_takes_record_files() {
    let project = read("ios/Surakarta.xcodeproj/project.pbxproj");
    let frameworks = build_phase(&project, "PBXFrameworksBuildPhase");
    assert!(
        frameworks.contains("AudioToolbox.framework"),
        "{frameworks}"
    );

    let plist = read("ios/src/Info.plist");
    assert!(plist.contains("<key>CFBundleDocumentTypes</key>"));
    assert!(plist.contains("<string>public.plain-text</string>"));
}

/// The files of one build phase of the Xcode project (`isa` names its kind).
fn build_phase<'a>(project: &'a str, isa: &str) -> &'a str {
    project
        .split(&format!("isa = {isa};"))
        .nth(1)
        .and_then(|p| p.split(");").next())
        .unwrap_or_else(|| panic!("the Xcode project has no {isa}"))
}

/// Whether a check that needs `tool` runs: it does where the tool is, and must where
/// SURAKARTA_REQUIRE_PHONE_TOOLS is set.
fn have(tool: &str, what: &str) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("SURAKARTA_REQUIRE_PHONE_TOOLS").is_none(),
            "{tool} is needed for {what} (apt-get install aapt android-framework-res python3)"
        );
        eprintln!("skipped: {what} needs {tool}");
    }
    found
}

/// The number on the line of `file` that starts with `key` (a Gradle setting).
fn gradle_number(gradle: &str, key: &str) -> u32 {
    gradle
        .lines()
        .find_map(|l| l.trim().strip_prefix(key)?.trim().parse().ok())
        .unwrap_or_else(|| panic!("no `{key} N` in app/build.gradle"))
}

/// The line of a script that runs `command` (comments aside), from `command` on.
fn command_line(script: &str, command: &str) -> String {
    script
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .find_map(|l| l.find(command).map(|at| l[at..].trim().to_owned()))
        .unwrap_or_else(|| panic!("no `{command}` line in the script"))
}

/// The directives of a list kept by `.ci/native-libs`, comments left out.
fn native_libs(path: &str) -> Vec<String> {
    let libs: Vec<String> = read(path)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(str::to_owned)
        .collect();
    assert!(libs.len() >= 3, "{path} lists too little: {libs:?}");
    libs
}

/// The first Android API level at which the NDK has each system library for 64-bit ARM
/// (its sysroot, `toolchains/llvm/prebuilt/*/sysroot/usr/lib/aarch64-linux-android/API/`,
/// and the NDK's "Native APIs" guide, developer.android.com/ndk/guides/stable_apis).
/// 64-bit ARM begins at 21, so nothing is older. `unwind` and `c++_*` come with the
/// NDK's compiler, at every level.
const NDK_LIBRARIES: &[(&str, u32)] = &[
    ("c", 21),
    ("m", 21),
    ("dl", 21),
    ("log", 21),
    ("android", 21),
    ("z", 21),
    ("jnigraphics", 21),
    ("EGL", 21),
    ("GLESv1_CM", 21),
    ("GLESv2", 21),
    ("GLESv3", 21),
    ("OpenSLES", 21),
    ("mediandk", 21),
    ("unwind", 21),
    ("c++_shared", 21),
    ("c++_static", 21),
    ("vulkan", 24),
    ("camera2ndk", 24),
    ("aaudio", 26),
    ("nativewindow", 26),
    ("sync", 26),
    ("neuralnetworks", 27),
    ("amidi", 29),
    ("binder_ndk", 29),
];

#[test]
fn every_library_the_android_build_links_exists_at_the_apps_min_sdk() {
    let min_sdk = gradle_number(&read("android/app/build.gradle"), "minSdk");
    for directive in native_libs("android/check/native-libs.txt") {
        let name = directive
            .strip_prefix("-l")
            .unwrap_or_else(|| panic!("not a library: {directive}"));
        let Some(&(_, api)) = NDK_LIBRARIES.iter().find(|(n, _)| *n == name) else {
            panic!("-l{name}: at which API level does the NDK have it? Add it to NDK_LIBRARIES")
        };
        assert!(
            api <= min_sdk,
            "lib{name} exists from API {api}; the app's minSdk is {min_sdk}"
        );
    }
}

#[test]
fn the_android_library_is_built_for_min_sdk_the_way_gradle_and_the_docs_say() {
    let gradle = read("android/app/build.gradle");
    let script = read("android/build-rust.sh");
    let docs = read("docs/mobile.md");
    let min_sdk = gradle_number(&gradle, "minSdk");
    let target_sdk = gradle_number(&gradle, "targetSdk");
    let compile_sdk = gradle_number(&gradle, "compileSdk");

    // The script takes the API level and the NDK from the Gradle lines themselves.
    assert!(script.contains("sed -n 's/^ *minSdk \\([0-9][0-9]*\\)$/\\1/p' \"$gradle\""));
    let build = command_line(&script, "cargo ndk ");
    assert!(build.contains("--platform \"$min_sdk\""), "{build}");
    assert!(build.contains("--target arm64-v8a"), "{build}");
    assert!(build.contains("-p surakarta-mobile --release"), "{build}");
    assert!(script.contains("max-page-size=16384"));
    // The docs show the same command, at the app's level.
    let documented = build.replace("\"$min_sdk\"", &min_sdk.to_string());
    assert!(
        docs.contains(&documented),
        "docs/mobile.md must show `{documented}`"
    );
    // Gradle runs the script before it packs the native libraries, with the plugin's NDK
    // and rustup's cargo first on PATH: Android Studio's Gradle daemon has neither.
    assert!(gradle.contains("commandLine 'bash', 'build-rust.sh'"));
    assert!(gradle.contains("def ndkDirectory = androidComponents.sdkComponents.ndkDirectory"));
    assert!(
        gradle.contains(
            "task.environment('ANDROID_NDK_HOME', ndkDirectory.get().asFile.absolutePath)"
        )
    );
    assert!(gradle.contains("task.environment('PATH', cargoBin.absolutePath + File.pathSeparator"));
    assert!(gradle.contains("tasks.named('preBuild') { dependsOn buildRust, copyLicences }"));
    assert!(gradle.contains("abiFilters 'arm64-v8a'"));

    // The store: targetSdk 35 and up; 16 KB pages: NDK r28+, AGP 8.5.1+.
    assert!(target_sdk >= 35, "targetSdk {target_sdk}");
    assert!(compile_sdk >= target_sdk);
    let ndk: u32 = gradle
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("ndkVersion '")?
                .split('.')
                .next()?
                .parse()
                .ok()
        })
        .expect("ndkVersion");
    assert!(ndk >= 28, "NDK r{ndk} links for 4 KB pages");
    let agp = read("android/gradle/libs.versions.toml");
    let agp: Vec<u32> = agp
        .lines()
        .find_map(|l| l.strip_prefix("agp = \""))
        .expect("agp")
        .trim_end_matches('"')
        .split('.')
        .map(|n| n.parse().expect("a version number"))
        .collect();
    assert!(agp >= vec![8, 5, 1], "AGP {agp:?}");
    // The highest API level each plugin supports (its release notes): 8.9 stops at 35,
    // 8.10 takes 36 and needs Gradle 8.11.1, which the wrapper and the docs name.
    if compile_sdk >= 36 {
        assert!(
            agp >= vec![8, 10],
            "AGP {agp:?} does not support compileSdk {compile_sdk}"
        );
    }
    let wrapper = read("android/gradle/wrapper/gradle-wrapper.properties");
    assert!(wrapper.contains("gradle-8.11.1-bin.zip"));
    let agp_text = agp.iter().map(u32::to_string).collect::<Vec<_>>().join(".");
    assert!(
        docs.contains(&format!(
            "Gradle 8.11.1 or later (the Android Gradle plugin {agp_text} needs it)"
        )),
        "docs/mobile.md must name AGP {agp_text} and Gradle 8.11.1"
    );

    // What the build makes stays out of the repository.
    let ignored = read(".gitignore");
    for path in [
        "/android/app/src/main/jniLibs/",
        "/android/.gradle/",
        "/android/app/build/",
    ] {
        assert!(
            ignored.lines().any(|l| l == path),
            ".gitignore lacks {path}"
        );
    }
}

#[test]
fn back_reaches_the_game_as_a_key_and_no_configuration_change_restarts_the_activity() {
    let manifest = read("android/app/src/main/AndroidManifest.xml");
    let gradle = read("android/app/build.gradle");
    // From targetSdk 36 Back is a key event only with the old behaviour asked for.
    if gradle_number(&gradle, "targetSdk") >= 33 {
        assert!(manifest.contains("android:enableOnBackInvokedCallback=\"false\""));
    }
    let changes = manifest
        .split("android:configChanges=\"")
        .nth(1)
        .and_then(|c| c.split('"').next())
        .expect("configChanges");
    for change in [
        "orientation",
        "screenSize",
        "smallestScreenSize",
        "screenLayout",
        "density",
        "uiMode",
        "locale",
        "layoutDirection",
        "fontScale",
        "fontWeightAdjustment",
        "colorMode",
        "touchscreen",
        "keyboard",
        "keyboardHidden",
        "navigation",
        "mcc",
        "mnc",
        "grammaticalGender",
    ] {
        assert!(
            changes.split('|').any(|c| c == change),
            "configChanges lacks {change}: a change of it would restart the activity"
        );
    }
    // The activity never outlives the game's one event loop: Back moves the task back,
    // and a destroyed activity ends the process once the game has saved.
    let java = read("android/app/src/main/java/org/surakarta/game/MainActivity.java");
    assert!(java.contains("moveTaskToBack(true)"));
    let destroy = java
        .split("protected void onDestroy()")
        .nth(1)
        .expect("onDestroy");
    let kill = destroy
        .find("Process.killProcess")
        .expect("ends the process");
    let wait = destroy.find("wait(").expect("waits for the save");
    assert!(wait < kill, "waits for the save first");
    // NativeActivity's own onDestroy, which would tell the native side a live surface is
    // gone, is never reached: the activity destroys the surface it keeps itself, so the
    // game suspends and saves before the wait.
    assert!(
        destroy
            .find("super.surfaceDestroyed(")
            .is_some_and(|d| d < wait),
        "destroys the live surface before it waits"
    );
    for callback in ["surfaceCreated", "surfaceDestroyed"] {
        assert!(
            java_methods(&java).contains(&(
                callback.to_owned(),
                "(Landroid/view/SurfaceHolder;)V".to_owned()
            )),
            "the activity does not follow {callback}"
        );
    }
    let back = read("src/shell/back.rs");
    let code = back.lines().filter(|l| !l.trim_start().starts_with("//"));
    assert!(
        code.clone().all(|l| !l.contains("AppExit")),
        "src/shell/back.rs ends the app"
    );
    // The renderer: Vulkan, else OpenGL ES 3 (bevy_render's `gles` for Android).
    let mobile = read("crates/mobile/Cargo.toml");
    let android_deps = mobile
        .split("[target.'cfg(target_os = \"android\")'.dependencies]")
        .nth(1)
        .expect("Android dependencies");
    assert!(android_deps.contains(
        "bevy_render = { version = \"0.19\", default-features = false, features = [\"gles\"] }"
    ));
    assert!(manifest.contains("android:glEsVersion=\"0x00030000\" android:required=\"true\""));
    assert!(manifest.contains(
        "android.hardware.vulkan.version\" android:version=\"0x401000\" android:required=\"false\""
    ));
}

/// Attributes and flags the manifest uses that Debian's framework resources (Android 10,
/// API 29) do not know yet, with the level each comes from. The compile check leaves them
/// out; the real build compiles against compileSdk, which has them all.
const NEWER_THAN_API_29: &[(&str, u32)] = &[
    (" android:enableOnBackInvokedCallback=\"false\"", 33),
    ("|fontWeightAdjustment", 31),
    ("|grammaticalGender", 34),
];

#[test]
fn the_android_manifest_and_resources_compile_and_say_what_a_phone_reads() {
    let framework = Path::new("/usr/share/android-framework-res/framework-res.apk");
    if !have("aapt", "compiling the Android manifest") {
        return;
    }
    assert!(framework.exists(), "apt-get install android-framework-res");
    let gradle = read("android/app/build.gradle");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("surakarta-aapt-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("a scratch folder");

    // What Gradle does before aapt2: the placeholders and the package name filled in.
    let mut manifest = read("android/app/src/main/AndroidManifest.xml")
        .replace("${inviteHost}", "play.example.org")
        .replacen("<manifest ", "<manifest package=\"org.surakarta.game\" ", 1);
    assert!(gradle.contains("namespace 'org.surakarta.game'"));
    assert!(gradle.contains("applicationId 'org.surakarta.game'"));
    for (newer, _api) in NEWER_THAN_API_29 {
        assert!(
            manifest.contains(newer),
            "the manifest no longer has {newer}"
        );
        manifest = manifest.replace(newer, "");
    }
    let manifest_path = out.join("AndroidManifest.xml");
    std::fs::write(&manifest_path, manifest).expect("write the manifest");
    let apk = out.join("app.apk");
    let min_sdk = gradle_number(&gradle, "minSdk").to_string();
    let target_sdk = gradle_number(&gradle, "targetSdk").to_string();
    output(
        Command::new("aapt")
            .arg("package")
            .arg("-f")
            .arg("-M")
            .arg(&manifest_path)
            .arg("-S")
            .arg(root.join("android/app/src/main/res"))
            .arg("-I")
            .arg(framework)
            .args(["--min-sdk-version", &min_sdk])
            .args(["--target-sdk-version", &target_sdk])
            .args(["--version-code", "1", "--version-name", "0.1.0"])
            .arg("-F")
            .arg(&apk),
        "aapt package",
    );
    let badging = output(
        Command::new("aapt").args(["dump", "badging"]).arg(&apk),
        "aapt dump badging",
    );
    let _ = std::fs::remove_dir_all(&out);
    for wanted in [
        "package: name='org.surakarta.game'".to_owned(),
        format!("sdkVersion:'{min_sdk}'"),
        format!("targetSdkVersion:'{target_sdk}'"),
        "uses-permission: name='android.permission.INTERNET'".to_owned(),
        "uses-permission: name='android.permission.VIBRATE'".to_owned(),
        "launchable-activity: name='org.surakarta.game.MainActivity'".to_owned(),
        "application-label:'Surakarta'".to_owned(),
        "uses-gl-es: '0x30000'".to_owned(),
        "uses-feature-not-required: name='android.hardware.vulkan.version'".to_owned(),
    ] {
        assert!(
            badging.contains(&wanted),
            "aapt dump badging lacks {wanted}:\n{badging}"
        );
    }
    let permissions = badging
        .lines()
        .filter(|l| l.starts_with("uses-permission:"))
        .count();
    assert_eq!(permissions, 2, "{badging}");
}

/// Info.plist as Python's plistlib reads it, as JSON.
fn plist_json(path: &str) -> Option<String> {
    if !have("python3", "reading the iOS property lists") {
        return None;
    }
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    Some(output(
        Command::new("python3")
            .args([
                "-c",
                "import json, plistlib, sys; print(json.dumps(plistlib.load(open(sys.argv[1], 'rb'))))",
            ])
            .arg(full),
        &format!("{path} read by plistlib"),
    ))
}

/// What `command` prints; it must run and succeed, or the test fails saying `what` and
/// the command's own error.
fn output(command: &mut Command, what: &str) -> String {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The value of `"key": ` in compact JSON, up to the next comma or brace (enough for the
/// strings and booleans checked here).
fn json_value<'a>(json: &'a str, key: &str) -> Option<&'a str> {
    let at = json.find(&format!("\"{key}\": "))? + key.len() + 4;
    let rest = &json[at..];
    Some(rest[..rest.find([',', '}', ']']).unwrap_or(rest.len())].trim())
}

#[test]
fn the_ios_app_adopts_scenes_shows_its_records_in_files_and_is_ready_for_the_store() {
    let Some(info) = plist_json("ios/src/Info.plist") else {
        return;
    };
    // The scene delegate the plist names is the class the Rust side registers.
    let delegate = read("src/platform/ios.rs");
    let name = delegate
        .split("pub const SCENE_DELEGATE: &str = \"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("SCENE_DELEGATE");
    assert_eq!(
        json_value(&info, "UISceneDelegateClassName"),
        Some(format!("\"{name}\"").as_str())
    );
    assert!(delegate.contains("const NAME: &'static str = SCENE_DELEGATE;"));
    assert!(read("src/lib.rs").contains("platform::register_scene_delegate();"));
    assert_eq!(
        json_value(&info, "UIApplicationSupportsMultipleScenes"),
        Some("false")
    );
    // Files shows the app's Documents only with both keys.
    assert_eq!(json_value(&info, "UIFileSharingEnabled"), Some("true"));
    assert_eq!(
        json_value(&info, "LSSupportsOpeningDocumentsInPlace"),
        Some("true")
    );
    assert!(read("docs/mobile.md").contains("are both true in `ios/src/Info.plist`"));
    // The launch screen is a colour of the asset catalogue, not a storyboard.
    assert!(!info.contains("UILaunchStoryboardName"));
    let colour = json_value(&info, "UIColorName").expect("UILaunchScreen's colour");
    let colour = colour.trim_matches('"');
    assert!(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(format!(
                "ios/src/Assets.xcassets/{colour}.colorset/Contents.json"
            ))
            .exists(),
        "no colour set {colour}"
    );

    // The privacy manifest parses, names the required-reason APIs Rust's std calls, and
    // ships in the bundle.
    let privacy = plist_json("ios/src/PrivacyInfo.xcprivacy").expect("python3 is there");
    for wanted in [
        "NSPrivacyAccessedAPICategoryFileTimestamp",
        "C617.1",
        "NSPrivacyAccessedAPICategorySystemBootTime",
        "35F9.1",
    ] {
        assert!(
            privacy.contains(wanted),
            "PrivacyInfo.xcprivacy lacks {wanted}"
        );
    }
    assert_eq!(json_value(&privacy, "NSPrivacyTracking"), Some("false"));
    let project = read("ios/Surakarta.xcodeproj/project.pbxproj");
    let resources = build_phase(&project, "PBXResourcesBuildPhase");
    assert!(resources.contains("PrivacyInfo.xcprivacy in Resources"));
    assert!(!project.contains("storyboard"));

    // `xcodebuild -scheme Surakarta` on a fresh clone: the scheme is shared and builds the
    // project's one target.
    let target = project
        .split("/* Begin PBXNativeTarget section */")
        .nth(1)
        .and_then(|t| t.split_whitespace().next())
        .expect("a native target");
    let scheme = read("ios/Surakarta.xcodeproj/xcshareddata/xcschemes/Surakarta.xcscheme");
    assert!(scheme.contains(&format!("BlueprintIdentifier = \"{target}\"")));
    assert!(scheme.contains("BuildableName = \"Surakarta.app\""));
}

#[test]
fn the_ios_build_makes_only_a_static_library_and_links_every_framework_it_needs() {
    let mobile = read("crates/mobile/Cargo.toml");
    assert!(mobile.contains("crate-type = [\"cdylib\"]"));
    let script = read("ios/build_rust_deps.sh");
    let build = command_line(&script, "cargo rustc ");
    // rustup's cargo before a Homebrew one (which has no iOS targets), and an optimised
    // build for Xcode's Run (Debug) too: the dev profile is too slow to play.
    assert!(script.contains("export PATH=\"${CARGO_HOME:-$HOME/.cargo}/bin:/usr/local/bin:"));
    assert!(script.contains("PROFILE=${SURAKARTA_RUST_PROFILE:-release}"));
    assert!(!script.contains("CONFIGURATION"));
    assert!(build.contains("--crate-type staticlib"), "{build}");
    assert!(
        read("docs/mobile.md").contains(&build),
        "docs/mobile.md must show `{build}`"
    );
    let project = read("ios/Surakarta.xcodeproj/project.pbxproj");
    assert!(project.contains("shellScript = \"bash \\\"$SRCROOT/build_rust_deps.sh\\\"\\n\";"));
    assert!(project.contains("LIBRARY_SEARCH_PATHS = \"$(DERIVED_FILE_DIR)/rust\";"));

    let frameworks = build_phase(&project, "PBXFrameworksBuildPhase");
    // Libraries Xcode's linker takes for every iOS app: libSystem's parts, and the
    // Objective-C runtime (main.m is Objective-C).
    let implicit = ["System", "c", "m", "dl", "pthread", "resolv", "objc"];
    let flags = project
        .split("OTHER_LDFLAGS = ")
        .nth(1)
        .and_then(|f| f.split(';').next())
        .expect("OTHER_LDFLAGS");
    for directive in native_libs("ios/check/native-libs.txt") {
        if let Some(framework) = directive.strip_prefix("-framework ") {
            assert!(
                frameworks.contains(&format!("{framework}.framework in Frameworks")),
                "the Rust library needs {framework}.framework; the Xcode target does not link it"
            );
        } else if let Some(lib) = directive.strip_prefix("-l") {
            assert!(
                implicit.contains(&lib) || flags.contains(&directive),
                "the Rust library needs -l{lib}; add it to OTHER_LDFLAGS"
            );
        } else {
            panic!("not a library or a framework: {directive}");
        }
    }
}

/// The shell commands of a text: each line, a backslash-continued line joined with the
/// next, indentation and comments and blank lines left out.
fn shell_commands(text: &str) -> Vec<String> {
    let mut commands = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let line = line.trim();
        if current.is_empty() && (line.is_empty() || line.starts_with('#')) {
            continue;
        }
        if let Some(part) = line.strip_suffix('\\') {
            current.push_str(part.trim_end());
            current.push(' ');
        } else {
            current.push_str(line);
            commands.push(std::mem::take(&mut current));
        }
    }
    commands
}

/// What the steps of a GitHub Actions workflow run: the `run:` blocks (and the emulator
/// action's `script:`), as shell commands.
fn workflow_commands(workflow: &str) -> Vec<String> {
    let lines: Vec<&str> = workflow.lines().collect();
    let mut commands = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start().trim_start_matches("- ");
        let Some(value) = ["run:", "script:"]
            .iter()
            .find_map(|key| trimmed.strip_prefix(key))
        else {
            continue;
        };
        let indent = line.len() - line.trim_start().len();
        let value = value.trim();
        if value == "|" {
            let block: Vec<&str> = lines[i + 1..]
                .iter()
                .take_while(|l| l.trim().is_empty() || l.len() - l.trim_start().len() > indent)
                .copied()
                .collect();
            commands.extend(shell_commands(&block.join("\n")));
        } else {
            commands.extend(shell_commands(value));
        }
    }
    commands
}

/// The commands docs/mobile.md gives: each line of its `sh` blocks (continuations joined)
/// and each inline code span that is a command of one of the build tools.
fn documented_commands(docs: &str) -> Vec<String> {
    let mut commands = Vec::new();
    for block in docs.split("```sh\n").skip(1) {
        let block = block.split("```").next().unwrap_or("");
        commands.extend(shell_commands(block));
    }
    let tools = [
        "rustup ",
        "cargo ",
        "sdkmanager ",
        "gradle ",
        "xcodebuild ",
        "xcrun ",
    ];
    // The prose: the blocks left out, so their fences do not pair with the spans' quotes.
    let prose: String = docs.split("```").step_by(2).collect();
    for span in prose.split('`').skip(1).step_by(2) {
        let span = span.split_whitespace().collect::<Vec<_>>().join(" ");
        if tools.iter().any(|t| span.starts_with(t)) {
            commands.push(span);
        }
    }
    commands
}

/// The one line of a script that assigns `name=` (comments aside).
fn assignment<'a>(script: &'a str, name: &str) -> &'a str {
    script
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with(&format!("{name}=")))
        .unwrap_or_else(|| panic!("no `{name}=` line"))
}

/// The sed expression of a `name=$(sed -n EXPR FILE)` line: what a Gradle value is read with.
fn sed_expression(line: &str) -> &str {
    let expr = line
        .split_once("$(sed -n ")
        .map(|(_, rest)| rest)
        .unwrap_or_else(|| panic!("not a sed line: {line}"));
    // The expression is quoted: up to its closing quote.
    let quote = expr.chars().next().expect("a quoted expression");
    let end = expr[1..].find(quote).expect("the closing quote") + 2;
    &expr[..end]
}

#[test]
fn the_hosted_phone_workflows_run_the_commands_the_docs_and_scripts_give() {
    let docs = read("docs/mobile.md");
    let documented = documented_commands(&docs);
    let gradle = read("android/app/build.gradle");
    let android_yml = read(".github/workflows/android.yml");
    let ios_yml = read(".github/workflows/ios.yml");
    let android = workflow_commands(&android_yml);
    let ios = workflow_commands(&ios_yml);
    assert!(
        android.len() >= 8 && ios.len() >= 8,
        "{android:#?}\n{ios:#?}"
    );

    // Android: the docs' build, run as they give it, and the install the emulator script makes.
    let build_block = docs
        .split("Build and install a debug APK")
        .nth(1)
        .and_then(|d| d.split("```sh\n").nth(1))
        .and_then(|d| d.split("```").next())
        .expect("docs/mobile.md's Android build block");
    let build = shell_commands(build_block);
    assert_eq!(build.len(), 2, "{build:?}");
    assert!(
        android.contains(&build[0]),
        "android.yml must run `{}` as docs/mobile.md gives it: {android:#?}",
        build[0]
    );
    let emulator = read("android/check/emulator.sh");
    assert!(
        shell_commands(&emulator).contains(&build[1]),
        "android/check/emulator.sh must run `{}` as docs/mobile.md gives it",
        build[1]
    );
    assert!(
        emulator.contains("cd \"$(dirname \"$0\")/..\""),
        "emulator.sh installs from android/"
    );
    assert!(
        android
            .iter()
            .any(|c| c.starts_with("android/check/emulator.sh ")),
        "android.yml launches the app with android/check/emulator.sh"
    );
    // The Gradle wrapper is made the docs' way, in android/.
    assert!(docs.contains("run `gradle wrapper` once in `android/` to make `./gradlew`"));
    assert!(
        android_yml.contains("working-directory: android\n        run: gradle wrapper"),
        "android.yml makes ./gradlew with `gradle wrapper` in android/"
    );
    // The activity's checks are the project's scripts.
    for script in ["android/check/javac.sh", "android/check/robolectric.sh"] {
        assert!(
            android.iter().any(|c| c == script),
            "android.yml runs {script}"
        );
        assert!(Path::new(env!("CARGO_MANIFEST_DIR")).join(script).is_file());
    }

    // The NDK and the platform are the ones app/build.gradle names, read as the scripts
    // read them (build-rust.sh the NDK, javac.sh compileSdk).
    let ndk_version = gradle
        .lines()
        .find_map(|l| l.trim().strip_prefix("ndkVersion '")?.strip_suffix('\''))
        .expect("ndkVersion");
    let compile_sdk = gradle_number(&gradle, "compileSdk").to_string();
    let build_rust = read("android/build-rust.sh");
    let javac = read("android/check/javac.sh");
    for (name, script) in [("ndk_version", &build_rust), ("compile_sdk", &javac)] {
        let in_script = sed_expression(assignment(script, name));
        let in_workflow = android
            .iter()
            .find(|c| c.starts_with(&format!("{name}=")))
            .unwrap_or_else(|| panic!("android.yml reads no {name}"));
        assert_eq!(
            sed_expression(in_workflow),
            in_script,
            "android.yml reads {name} otherwise than the script"
        );
        assert!(
            in_workflow.ends_with(" android/app/build.gradle)"),
            "{in_workflow}"
        );
    }
    // Every build tool's command in the workflows is one docs/mobile.md gives (the SDK
    // manager named by its path, the versions filled in).
    let tools = [
        "rustup ",
        "cargo ",
        "sdkmanager ",
        "gradle ",
        "xcodebuild ",
        "cd android && ./gradlew ",
    ];
    for command in android.iter().chain(&ios) {
        let command = command
            .replace(
                "\"$ANDROID_HOME/cmdline-tools/latest/bin/sdkmanager\"",
                "sdkmanager",
            )
            .replace("$ndk_version", ndk_version)
            .replace("$compile_sdk", &compile_sdk);
        if tools.iter().any(|t| command.starts_with(t)) {
            assert!(
                documented.contains(&command),
                "a workflow runs `{command}`, which docs/mobile.md does not give: {documented:#?}"
            );
        }
    }
    // And the docs' Android prerequisites are what the workflow installs.
    for wanted in [
        "rustup target add aarch64-linux-android".to_owned(),
        "cargo install cargo-ndk".to_owned(),
        format!("sdkmanager \"ndk;{ndk_version}\""),
        format!("sdkmanager \"platforms;android-{compile_sdk}\""),
    ] {
        assert!(
            documented.contains(&wanted),
            "docs/mobile.md gives no `{wanted}`"
        );
        assert!(
            android.iter().any(|c| c
                .replace(
                    "\"$ANDROID_HOME/cmdline-tools/latest/bin/sdkmanager\"",
                    "sdkmanager"
                )
                .replace("$ndk_version", ndk_version)
                .replace("$compile_sdk", &compile_sdk)
                == wanted),
            "android.yml does not run `{wanted}`"
        );
    }

    // iOS: the docs' simulator build, the targets the docs name, and the simulator, app
    // and bundle the project has.
    let xcodebuild = docs
        .split("from the command line:")
        .nth(1)
        .and_then(|d| d.split("```sh\n").nth(1))
        .and_then(|d| d.split("```").next())
        .map(shell_commands)
        .expect("docs/mobile.md's xcodebuild block");
    assert_eq!(xcodebuild.len(), 1, "{xcodebuild:?}");
    let xcodebuild = &xcodebuild[0];
    assert!(
        ios.contains(xcodebuild),
        "ios.yml must run `{xcodebuild}` as docs/mobile.md gives it: {ios:#?}"
    );
    let targets = "rustup target add aarch64-apple-ios aarch64-apple-ios-sim".to_owned();
    assert!(documented.contains(&targets) && ios.contains(&targets));
    let device = xcodebuild
        .split("name=")
        .nth(1)
        .and_then(|d| d.split('\'').next())
        .expect("the simulator's name");
    assert!(
        ios.contains(&format!("device='{device}'")),
        "ios.yml boots {device}"
    );
    assert!(ios.iter().any(|c| c == "xcrun simctl boot \"$udid\""));
    let project = read("ios/Surakarta.xcodeproj/project.pbxproj");
    assert!(project.contains("PRODUCT_BUNDLE_IDENTIFIER = org.surakarta.game;"));
    assert!(
        ios.iter()
            .any(|c| c == "xcrun simctl launch booted org.surakarta.game")
    );
    let scheme = read("ios/Surakarta.xcodeproj/xcshareddata/xcschemes/Surakarta.xcscheme");
    assert!(scheme.contains("BuildableName = \"Surakarta.app\""));
    assert!(ios_yml.contains("/Build/Products/Debug-iphonesimulator/Surakarta.app"));
}
