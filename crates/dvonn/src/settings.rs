//! Every tunable of the Dvonn engines, in one place, so that tuning never means hunting through
//! the search code. The random engine has none; a searching player will put its table size, time
//! shares and evaluation weights here.
