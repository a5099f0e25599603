//! Figures written for people: byte sizes and counts with thousands separators.

/// `1.5 GB`, `12.0 KB`, `512 B`.
#[must_use]
pub fn bytes(size: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut value = size;
    let mut unit = 0;
    let mut remainder = 0;
    while value >= 1024 && unit + 1 < UNITS.len() {
        remainder = value % 1024;
        value /= 1024;
        unit += 1;
    }
    if unit == 0 {
        format!("{size} B")
    } else {
        format!("{value}.{} {}", remainder * 10 / 1024, UNITS[unit])
    }
}

/// `1,234,567`.
#[must_use]
pub fn count(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, c) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `1 item`, `1,204 items`: the count with thousands separators and the noun it needs.
#[must_use]
pub fn counted(value: u64, one: &str, many: &str) -> String {
    format!("{} {}", count(value), if value == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_counts_read_naturally() {
        assert_eq!(bytes(512), "512 B");
        assert_eq!(bytes(1536), "1.5 KB");
        assert_eq!(bytes(3 * 1024 * 1024 * 1024), "3.0 GB");
        assert_eq!(count(0), "0");
        assert_eq!(count(1_234_567), "1,234,567");
        assert_eq!(count(999), "999");
        assert_eq!(counted(1, "item", "items"), "1 item");
        assert_eq!(counted(0, "item", "items"), "0 items");
        assert_eq!(counted(12_345, "entity", "entities"), "12,345 entities");
    }
}
