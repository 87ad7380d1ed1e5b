//! Timing samples for the benchmark binaries: median and p95 of repeated measurements.

use std::time::Duration;

/// Collected durations of one measured operation.
#[derive(Debug, Default, Clone)]
pub struct Samples {
    values: Vec<Duration>,
}

impl Samples {
    pub fn push(&mut self, value: Duration) {
        self.values.push(value);
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value below which `q` (0.0–1.0) of the samples fall (nearest rank).
    pub fn quantile(&self, q: f64) -> Duration {
        let mut sorted = self.values.clone();
        sorted.sort();
        if sorted.is_empty() {
            return Duration::ZERO;
        }
        let rank = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
        sorted[rank - 1]
    }

    pub fn median(&self) -> Duration {
        self.quantile(0.5)
    }

    pub fn p95(&self) -> Duration {
        self.quantile(0.95)
    }

    /// `median X ms, p95 Y ms (n=N)`.
    pub fn summary(&self) -> String {
        format!(
            "median {:>8.3} ms, p95 {:>8.3} ms (n={})",
            ms(self.median()),
            ms(self.p95()),
            self.len()
        )
    }
}

/// Milliseconds as a float.
pub fn ms(value: Duration) -> f64 {
    value.as_secs_f64() * 1_000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_and_p95_use_nearest_rank() {
        let mut samples = Samples::default();
        for i in 1..=100 {
            samples.push(Duration::from_millis(i));
        }
        assert_eq!(samples.median(), Duration::from_millis(50));
        assert_eq!(samples.p95(), Duration::from_millis(95));
        assert_eq!(Samples::default().median(), Duration::ZERO);
    }
}
