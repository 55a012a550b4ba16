//! The phones' project files, read as the build tools would: no NDK or Xcode here, so what
//! can be checked of them is checked here. Android asks for INTERNET (online games) and
//! VIBRATE and nothing else, takes records shared to it and opens its server's invite
//! links, and every method the Rust
//! side calls through JNI exists in MainActivity.java with the same types; the iOS bundle
//! ships `assets/`, links AudioToolbox, and takes record files.

use std::path::Path;

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

#[test]
fn the_ios_bundle_ships_the_assets_links_the_sound_and_takes_record_files() {
    let project = read("ios/Surakarta.xcodeproj/project.pbxproj");
    let resources = project
        .split("isa = PBXResourcesBuildPhase;")
        .nth(1)
        .and_then(|p| p.split(");").next())
        .expect("a resources phase");
    assert!(
        resources.contains("/* assets in Resources */"),
        "{resources}"
    );
    assert!(project.contains("path = ../assets;"));
    let frameworks = project
        .split("isa = PBXFrameworksBuildPhase;")
        .nth(1)
        .and_then(|p| p.split(");").next())
        .expect("a frameworks phase");
    assert!(
        frameworks.contains("AudioToolbox.framework"),
        "{frameworks}"
    );

    let plist = read("ios/src/Info.plist");
    assert!(plist.contains("<key>CFBundleDocumentTypes</key>"));
    assert!(plist.contains("<string>public.plain-text</string>"));
    // Opened files are copied to Documents/Inbox, where the game looks for them.
    let in_place = plist
        .split("<key>LSSupportsOpeningDocumentsInPlace</key>")
        .nth(1)
        .expect("LSSupportsOpeningDocumentsInPlace");
    assert!(in_place.trim_start().starts_with("<false/>"));
}
