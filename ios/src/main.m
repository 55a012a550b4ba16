// The iOS entry point: everything runs in the Rust library (crates/mobile), which
// exports main_rs because Bevy 0.19's #[bevy_main] generates only Android's entry point.
#import <Foundation/Foundation.h>

extern void main_rs(void);

int main(int argc, char *argv[]) {
    @autoreleasepool {
        main_rs();
    }
    return 0;
}
