//! Tunables: the constants of a game's engines that a development run may override from the
//! command line (`--set NAME=VALUE`), for A/B matches and tuning, while a bot run without flags
//! (as the CodeCup jury runs the submitted one) uses the compiled defaults.
//!
//! A game declares them once with [`tunables!`](crate::tunables), which writes the struct, its
//! defaults and the name-based access, so no table of names has to be kept in step by hand.

/// A value type a tunable may have: parsed from and shown as command-line text.
pub trait TunableValue: Sized {
    fn parse_value(text: &str) -> Result<Self, String>;
    fn show_value(&self) -> String;
}

macro_rules! number_value {
    ($($ty:ty),*) => {$(
        impl TunableValue for $ty {
            fn parse_value(text: &str) -> Result<$ty, String> {
                text.trim().parse().map_err(|_| format!("'{text}' is not a valid {}", stringify!($ty)))
            }
            fn show_value(&self) -> String {
                self.to_string()
            }
        }
    )*};
}

number_value!(i32, i64, u32, u64, usize, bool);

impl TunableValue for f64 {
    fn parse_value(text: &str) -> Result<f64, String> {
        text.trim()
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| format!("'{text}' is not a finite number"))
    }
    fn show_value(&self) -> String {
        self.to_string()
    }
}

/// Arrays are written as comma-separated values: `24,12,4,0`.
impl<T: TunableValue + Copy + Default, const N: usize> TunableValue for [T; N] {
    fn parse_value(text: &str) -> Result<[T; N], String> {
        let parts: Vec<&str> = text.split(',').collect();
        if parts.len() != N {
            return Err(format!("'{text}' needs {N} comma-separated values"));
        }
        let mut values = [T::default(); N];
        for (value, part) in values.iter_mut().zip(parts) {
            *value = T::parse_value(part)?;
        }
        Ok(values)
    }
    fn show_value(&self) -> String {
        self.iter().map(TunableValue::show_value).collect::<Vec<_>>().join(",")
    }
}

/// One tunable as `--help` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TunableInfo {
    pub name: &'static str,
    /// Its Rust type as written (`f64`, `u32`, `[i32; 4]`...), for tools that set it.
    pub ty: &'static str,
    pub default: String,
    /// The first sentence of its doc comment.
    pub about: String,
}

/// The first sentence of a doc comment given as its lines.
pub fn first_sentence(lines: &[&str]) -> String {
    let text = lines.iter().map(|line| line.trim()).collect::<Vec<_>>().join(" ");
    match text.find(". ") {
        Some(end) => text[..=end].to_string(),
        None => text,
    }
}

/// A doc comment's text as a terminal shows it, without rustdoc's markup: a link ``[`x`]``,
/// `[x](target)` or `[x][name]` becomes `x`, backticks go, and so does `crate::` before a path.
/// Brackets that are not a link (`[0, 1]`) stay.
pub fn plain_text(doc: &str) -> String {
    let mut out = String::with_capacity(doc.len());
    let mut rest = doc;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        let inside = &rest[open + 1..];
        let Some(close) = inside.find(']') else {
            out.push('[');
            rest = inside;
            continue;
        };
        let (label, after) = (&inside[..close], &inside[close + 1..]);
        let target_end = match after.chars().next() {
            Some('(') => after.find(')').map(|end| end + 1),
            Some('[') => after.find(']').map(|end| end + 1),
            _ => None,
        };
        let code = label.len() >= 2 && label.starts_with('`') && label.ends_with('`');
        let path = !label.is_empty() && label.contains("::") && !label.contains(char::is_whitespace);
        if target_end.is_some() || code || path {
            out.push_str(label);
            rest = &after[target_end.unwrap_or(0)..];
        } else {
            out.push('[');
            rest = inside;
        }
    }
    out.push_str(rest);
    out.replace('`', "").replace("crate::", "")
}

/// A game's set of tunables (written by [`tunables!`](crate::tunables)). `()` is the empty set.
pub trait Tunables: Clone + Default + 'static {
    /// Every tunable with its default value.
    fn describe() -> Vec<TunableInfo>;
    /// Overrides one tunable by name.
    fn set(&mut self, name: &str, value: &str) -> Result<(), String>;
    /// Applies `NAME=VALUE` overrides in order.
    fn with_overrides(overrides: &[(String, String)]) -> Result<Self, String> {
        let mut settings = Self::default();
        for (name, value) in overrides {
            settings.set(name, value)?;
        }
        Ok(settings)
    }
}

impl Tunables for () {
    fn describe() -> Vec<TunableInfo> {
        Vec::new()
    }
    fn set(&mut self, name: &str, _value: &str) -> Result<(), String> {
        Err(format!("unknown setting '{name}' (this bot has none)"))
    }
}

/// Declares a game's tunables: a struct with one public field per tunable, its compiled defaults
/// as `DEFAULT` (and `Default`), and name-based access for `--set`. Each field is written
/// `name: Type = default,` under its doc comment; the doc's first sentence is what `--help` shows.
#[macro_export]
macro_rules! tunables {
    (
        $(#[$struct_meta:meta])*
        pub struct $name:ident {
            $(
                #[doc = $about:literal]
                $(#[doc = $more:literal])*
                $field:ident : $ty:ty = $default:expr,
            )*
        }
    ) => {
        $(#[$struct_meta])*
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct $name {
            $(
                #[doc = $about]
                $(#[doc = $more])*
                pub $field: $ty,
            )*
        }

        impl $name {
            /// The compiled defaults: what the submitted bot plays with.
            pub const DEFAULT: $name = $name { $($field: $default,)* };
        }

        impl ::core::default::Default for $name {
            fn default() -> $name {
                $name::DEFAULT
            }
        }

        impl $crate::tune::Tunables for $name {
            fn describe() -> ::std::vec::Vec<$crate::tune::TunableInfo> {
                ::std::vec![$(
                    $crate::tune::TunableInfo {
                        name: stringify!($field),
                        ty: stringify!($ty),
                        default: $crate::tune::TunableValue::show_value(&$name::DEFAULT.$field),
                        about: $crate::tune::first_sentence(&[$about, $($more),*]),
                    },
                )*]
            }

            fn set(&mut self, name: &str, value: &str) -> ::core::result::Result<(), ::std::string::String> {
                match name {
                    $(stringify!($field) => {
                        self.$field = $crate::tune::TunableValue::parse_value(value)
                            .map_err(|e| ::std::format!("--set {name}: {e}"))?;
                        Ok(())
                    })*
                    _ => {
                        let known: &[&str] = &[$(stringify!($field)),*];
                        Err(::std::format!("unknown setting '{name}' (settings: {})", known.join(", ")))
                    }
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::tunables! {
        /// Two tunables for the tests.
        pub struct Example {
            /// A whole number, with a sentence
            /// over two lines. More text that --help does not show.
            depth: u32 = 6,
            /// Weights by distance.
            weights: [i32; 3] = [4, 2, 1],
            /// A fraction.
            share: f64 = 0.25,
        }
    }

    #[test]
    fn defaults_are_listed_with_the_first_sentence_of_their_doc() {
        let info = Example::describe();
        let names: Vec<&str> = info.iter().map(|t| t.name).collect();
        assert_eq!(names, ["depth", "weights", "share"]);
        assert_eq!(info[0].about, "A whole number, with a sentence over two lines.");
        assert_eq!(info[1].about, "Weights by distance.");
        assert_eq!(info[1].default, "4,2,1");
        assert_eq!(info[2].default, "0.25");
        assert_eq!(Example::default(), Example::DEFAULT);
    }

    #[test]
    fn plain_text_drops_rustdoc_links_and_backticks_but_not_brackets() {
        let doc = "priors ([`crate::knowledge`]) and [`Replies`], [the book](crate::book), \
                   [a table][table], [crate::engine::Mcts], `mcts_exhaustive_rescue` in [0, 1] or [x";
        assert_eq!(
            plain_text(doc),
            "priors (knowledge) and Replies, the book, a table, engine::Mcts, mcts_exhaustive_rescue \
             in [0, 1] or [x"
        );
        assert_eq!(plain_text("no markup. [] [`]"), "no markup. [] []");
    }

    #[test]
    fn overrides_apply_in_order_and_bad_ones_are_named() {
        let pairs = |items: &[(&str, &str)]| -> Vec<(String, String)> {
            items.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect()
        };
        let settings =
            Example::with_overrides(&pairs(&[("depth", "9"), ("weights", "1,0,-3"), ("depth", "8")]))
                .unwrap();
        assert_eq!(settings, Example { depth: 8, weights: [1, 0, -3], share: 0.25 });
        let err = Example::with_overrides(&pairs(&[("depht", "9")])).unwrap_err();
        assert!(err.contains("'depht'") && err.contains("depth, weights, share"), "{err}");
        assert!(Example::with_overrides(&pairs(&[("depth", "-1")])).unwrap_err().contains("depth"));
        assert!(Example::with_overrides(&pairs(&[("weights", "1,2")])).is_err());
        assert!(Example::with_overrides(&pairs(&[("share", "inf")])).is_err());
        assert!(<()>::with_overrides(&pairs(&[("x", "1")])).is_err());
    }
}
