//! Reading a JSON line's fields back into a search's event: the helpers a
//! search's [`Report::read_event`](crate::model::Report::read_event) uses,
//! each `None` when the field is missing or of another type or range.

use serde_json::{Map, Value};

use crate::search::{Cause, Causes};

/// The fields of one JSON line.
pub type Fields = Map<String, Value>;

/// A whole number field that fits `T`.
pub fn uint<T: TryFrom<u64>>(fields: &Fields, key: &str) -> Option<T> {
    T::try_from(fields.get(key)?.as_u64()?).ok()
}

/// A list of whole numbers, each fitting `T`.
pub fn uints<T: TryFrom<u64>>(fields: &Fields, key: &str) -> Option<Vec<T>> {
    fields
        .get(key)?
        .as_array()?
        .iter()
        .map(|value| T::try_from(value.as_u64()?).ok())
        .collect()
}

/// A list of reasons by their JSON names (`["column","high"]`).
pub fn causes<C: Cause>(fields: &Fields, key: &str) -> Option<Causes<C>> {
    fields
        .get(key)?
        .as_array()?
        .iter()
        .map(|value| {
            let name = value.as_str()?;
            C::ALL.iter().copied().find(|cause| cause.name() == name)
        })
        .collect()
}
