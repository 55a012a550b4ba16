// Copyright 2025 the Parley Authors
// SPDX-License-Identifier: Apache-2.0 OR MIT

//! OpenType settings (features and variations).

pub use parlance::{FontFeature, FontVariation, Tag};
