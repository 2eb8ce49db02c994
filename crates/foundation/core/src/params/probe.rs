//! A serializer that reads one thing of a value: whether its field of a
//! given name is a string ([`choices_quoted`](super::choices_quoted)).
//! Everything else it is handed, it skips.

use serde::Serialize;
use serde::ser::{self, Impossible};

/// Nothing to say: a probe never fails but by a value's own error.
#[derive(Debug)]
pub struct Skip(String);

impl std::fmt::Display for Skip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Skip {}

impl ser::Error for Skip {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Skip(msg.to_string())
    }
}

/// Serializes a value: with a name, a struct, `true` if its field of
/// that name is a string; without one (that field's value), `true` if
/// the value is a string.
pub struct Fields<'n>(pub Option<&'n str>);

/// A struct's fields, `found` once the field is seen.
pub struct Seen<'n> {
    name: &'n str,
    found: bool,
}

impl ser::SerializeStruct for Seen<'_> {
    type Ok = bool;
    type Error = Skip;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Skip> {
        if key == self.name {
            self.found = value.serialize(Fields(None))?;
        }
        Ok(())
    }
    fn end(self) -> Result<bool, Skip> {
        Ok(self.found)
    }
}

/// The methods of a probe that answer `false` at once.
macro_rules! no {
    ($($method:ident($($t:ty),*);)*) => {
        $(fn $method(self, $(_: $t),*) -> Result<bool, Skip> { Ok(false) })*
    };
}

impl<'n> ser::Serializer for Fields<'n> {
    type Ok = bool;
    type Error = Skip;
    type SerializeSeq = Impossible<bool, Skip>;
    type SerializeTuple = Impossible<bool, Skip>;
    type SerializeTupleStruct = Impossible<bool, Skip>;
    type SerializeTupleVariant = Impossible<bool, Skip>;
    type SerializeMap = Impossible<bool, Skip>;
    type SerializeStruct = Seen<'n>;
    type SerializeStructVariant = Impossible<bool, Skip>;

    fn serialize_str(self, _: &str) -> Result<bool, Skip> {
        Ok(self.0.is_none())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Seen<'n>, Skip> {
        match self.0 {
            Some(name) => Ok(Seen { name, found: false }),
            // A struct as the field's value: not a string.
            None => Err(Skip(String::new())),
        }
    }
    // A value with more in it (an inner value, a sequence or map):
    // never read.
    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<bool, Skip> {
        Ok(false)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<bool, Skip> {
        Ok(false)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<bool, Skip> {
        Ok(false)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Skip> {
        Err(Skip(String::new()))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Skip> {
        Err(Skip(String::new()))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Skip> {
        Err(Skip(String::new()))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Skip> {
        Err(Skip(String::new()))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Skip> {
        Err(Skip(String::new()))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Skip> {
        Err(Skip(String::new()))
    }
    no! {
        serialize_bool(bool); serialize_i8(i8); serialize_i16(i16);
        serialize_i32(i32); serialize_i64(i64); serialize_u8(u8);
        serialize_u16(u16); serialize_u32(u32); serialize_u64(u64);
        serialize_f32(f32); serialize_f64(f64); serialize_char(char);
        serialize_bytes(&[u8]); serialize_none(); serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }
}
