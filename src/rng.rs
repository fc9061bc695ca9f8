//! The program's one random number generator, for the choices a seed
//! names: a worksheet's random blanks and the estimate's probes.

/// SplitMix64 (Steele, Lea and Flood): a few lines, good enough to pick
/// cells and children, and the same on every platform, so that a seed
/// names one worksheet and one estimate forever.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// The generator whose stream `seed` names.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`); the modulo bias (below
    /// `bound / 2^64`) is far below anything a worksheet or an estimate
    /// could show.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.next_u64() % bound
    }
}
