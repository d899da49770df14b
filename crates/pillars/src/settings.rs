//! Every tunable of the Pillars engines, in one place.
