mod hash_map;
mod hash_set;
