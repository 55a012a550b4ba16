// Copyright 2024 the Parley Authors
// SPDX-License-Identifier: Apache-2.0 OR MIT

mod test_analysis;
mod test_builders;
mod utils;
