//! A value's serde calls, captured once and replayed into any serializer.
//!
//! [`Tree::of`] records every call a value's `Serialize` makes (struct and
//! variant names, lengths and skipped fields included); the tree's own
//! `Serialize` makes the same calls again, so RON and JSON, pretty or not,
//! print the tree exactly as they print the value. A record's moves,
//! outcomes and parameters are captured by the game's types (the only
//! code compiled per game), and the record around them is printed by code
//! compiled once, in this crate.

use serde::ser::{
    self, Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant,
    SerializeTuple, SerializeTupleStruct, SerializeTupleVariant, Serializer,
};

/// A captured value: one serde call, with what it contained.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tree {
    Bool(bool),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    I128(i128),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    U128(u128),
    F32(f32),
    F64(f64),
    Char(char),
    Str(String),
    Bytes(Vec<u8>),
    None,
    Some(Box<Tree>),
    Unit,
    UnitStruct(&'static str),
    UnitVariant(Variant),
    NewtypeStruct(&'static str, Box<Tree>),
    NewtypeVariant(Variant, Box<Tree>),
    Seq(Option<usize>, Vec<Tree>),
    Tuple(usize, Vec<Tree>),
    TupleStruct(&'static str, usize, Vec<Tree>),
    TupleVariant(Variant, usize, Vec<Tree>),
    /// Keys and values, in the order they were given.
    Map(Option<usize>, Vec<MapItem>),
    Struct(&'static str, usize, Vec<Field>),
    StructVariant(Variant, usize, Vec<Field>),
}

/// An enum variant: the enum's name, the variant's index and name.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Variant(&'static str, u32, &'static str);

/// A map's key or value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum MapItem {
    Key(Tree),
    Value(Tree),
}

/// A struct's field, or a field it skipped (`None`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Field(&'static str, Option<Tree>);

impl Tree {
    /// The calls `value` makes when serialized.
    pub(crate) fn of<T: Serialize + ?Sized>(value: &T) -> Result<Tree, Error> {
        value.serialize(Capture)
    }
}

/// Why a value could not be captured: the message its `Serialize` gave.
#[derive(Debug)]
pub(crate) struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: std::fmt::Display>(message: T) -> Error {
        Error(message.to_string())
    }
}

/// The serializer that captures.
struct Capture;

/// A sequence, tuple or tuple struct or variant being captured.
struct Items {
    kind: ItemsKind,
    items: Vec<Tree>,
}

enum ItemsKind {
    Seq(Option<usize>),
    Tuple(usize),
    TupleStruct(&'static str, usize),
    TupleVariant(Variant, usize),
}

/// A struct or struct variant being captured.
struct Fields {
    variant: Option<Variant>,
    name: &'static str,
    len: usize,
    fields: Vec<Field>,
}

/// A map being captured.
struct Map {
    len: Option<usize>,
    items: Vec<MapItem>,
}

impl Serializer for Capture {
    type Ok = Tree;
    type Error = Error;
    type SerializeSeq = Items;
    type SerializeTuple = Items;
    type SerializeTupleStruct = Items;
    type SerializeTupleVariant = Items;
    type SerializeMap = Map;
    type SerializeStruct = Fields;
    type SerializeStructVariant = Fields;

    fn serialize_bool(self, v: bool) -> Result<Tree, Error> {
        Ok(Tree::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Tree, Error> {
        Ok(Tree::I8(v))
    }
    fn serialize_i16(self, v: i16) -> Result<Tree, Error> {
        Ok(Tree::I16(v))
    }
    fn serialize_i32(self, v: i32) -> Result<Tree, Error> {
        Ok(Tree::I32(v))
    }
    fn serialize_i64(self, v: i64) -> Result<Tree, Error> {
        Ok(Tree::I64(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Tree, Error> {
        Ok(Tree::I128(v))
    }
    fn serialize_u8(self, v: u8) -> Result<Tree, Error> {
        Ok(Tree::U8(v))
    }
    fn serialize_u16(self, v: u16) -> Result<Tree, Error> {
        Ok(Tree::U16(v))
    }
    fn serialize_u32(self, v: u32) -> Result<Tree, Error> {
        Ok(Tree::U32(v))
    }
    fn serialize_u64(self, v: u64) -> Result<Tree, Error> {
        Ok(Tree::U64(v))
    }
    fn serialize_u128(self, v: u128) -> Result<Tree, Error> {
        Ok(Tree::U128(v))
    }
    fn serialize_f32(self, v: f32) -> Result<Tree, Error> {
        Ok(Tree::F32(v))
    }
    fn serialize_f64(self, v: f64) -> Result<Tree, Error> {
        Ok(Tree::F64(v))
    }
    fn serialize_char(self, v: char) -> Result<Tree, Error> {
        Ok(Tree::Char(v))
    }
    fn serialize_str(self, v: &str) -> Result<Tree, Error> {
        Ok(Tree::Str(v.to_string()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Tree, Error> {
        Ok(Tree::Bytes(v.to_vec()))
    }
    fn serialize_none(self) -> Result<Tree, Error> {
        Ok(Tree::None)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Tree, Error> {
        Ok(Tree::Some(Box::new(Tree::of(value)?)))
    }
    fn serialize_unit(self) -> Result<Tree, Error> {
        Ok(Tree::Unit)
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<Tree, Error> {
        Ok(Tree::UnitStruct(name))
    }
    fn serialize_unit_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
    ) -> Result<Tree, Error> {
        Ok(Tree::UnitVariant(Variant(name, index, variant)))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Tree, Error> {
        Ok(Tree::NewtypeStruct(name, Box::new(Tree::of(value)?)))
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Tree, Error> {
        Ok(Tree::NewtypeVariant(
            Variant(name, index, variant),
            Box::new(Tree::of(value)?),
        ))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Items, Error> {
        Ok(Items::new(ItemsKind::Seq(len)))
    }
    fn serialize_tuple(self, len: usize) -> Result<Items, Error> {
        Ok(Items::new(ItemsKind::Tuple(len)))
    }
    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> Result<Items, Error> {
        Ok(Items::new(ItemsKind::TupleStruct(name, len)))
    }
    fn serialize_tuple_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Items, Error> {
        Ok(Items::new(ItemsKind::TupleVariant(
            Variant(name, index, variant),
            len,
        )))
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Map, Error> {
        Ok(Map {
            len,
            items: Vec::new(),
        })
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> Result<Fields, Error> {
        Ok(Fields {
            variant: None,
            name,
            len,
            fields: Vec::with_capacity(len),
        })
    }
    fn serialize_struct_variant(
        self,
        name: &'static str,
        index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Fields, Error> {
        Ok(Fields {
            variant: Some(Variant(name, index, variant)),
            name,
            len,
            fields: Vec::with_capacity(len),
        })
    }
}

impl Items {
    fn new(kind: ItemsKind) -> Items {
        Items {
            kind,
            items: Vec::new(),
        }
    }

    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.items.push(Tree::of(value)?);
        Ok(())
    }

    fn done(self) -> Tree {
        match self.kind {
            ItemsKind::Seq(len) => Tree::Seq(len, self.items),
            ItemsKind::Tuple(len) => Tree::Tuple(len, self.items),
            ItemsKind::TupleStruct(name, len) => Tree::TupleStruct(name, len, self.items),
            ItemsKind::TupleVariant(variant, len) => Tree::TupleVariant(variant, len, self.items),
        }
    }
}

/// The four kinds of a list of items, each one trait's name for the same
/// two calls.
macro_rules! items {
    ($($kind:ident::$element:ident),*) => {$(
        impl $kind for Items {
            type Ok = Tree;
            type Error = Error;
            fn $element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
                self.push(value)
            }
            fn end(self) -> Result<Tree, Error> {
                Ok(self.done())
            }
        }
    )*};
}

items!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl SerializeMap for Map {
    type Ok = Tree;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.items.push(MapItem::Key(Tree::of(key)?));
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.items.push(MapItem::Value(Tree::of(value)?));
        Ok(())
    }
    fn end(self) -> Result<Tree, Error> {
        Ok(Tree::Map(self.len, self.items))
    }
}

impl Fields {
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.fields.push(Field(key, Some(Tree::of(value)?)));
        Ok(())
    }

    fn done(self) -> Tree {
        match self.variant {
            None => Tree::Struct(self.name, self.len, self.fields),
            Some(variant) => Tree::StructVariant(variant, self.len, self.fields),
        }
    }
}

/// The two kinds of a list of named fields, each one trait's name for the
/// same three calls.
macro_rules! fields {
    ($($kind:ident),*) => {$(
        impl $kind for Fields {
            type Ok = Tree;
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                key: &'static str,
                value: &T,
            ) -> Result<(), Error> {
                self.field(key, value)
            }
            fn skip_field(&mut self, key: &'static str) -> Result<(), Error> {
                self.fields.push(Field(key, None));
                Ok(())
            }
            fn end(self) -> Result<Tree, Error> {
                Ok(self.done())
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);

/// The captured calls, made again.
impl Serialize for Tree {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Tree::Bool(v) => s.serialize_bool(*v),
            Tree::I8(v) => s.serialize_i8(*v),
            Tree::I16(v) => s.serialize_i16(*v),
            Tree::I32(v) => s.serialize_i32(*v),
            Tree::I64(v) => s.serialize_i64(*v),
            Tree::I128(v) => s.serialize_i128(*v),
            Tree::U8(v) => s.serialize_u8(*v),
            Tree::U16(v) => s.serialize_u16(*v),
            Tree::U32(v) => s.serialize_u32(*v),
            Tree::U64(v) => s.serialize_u64(*v),
            Tree::U128(v) => s.serialize_u128(*v),
            Tree::F32(v) => s.serialize_f32(*v),
            Tree::F64(v) => s.serialize_f64(*v),
            Tree::Char(v) => s.serialize_char(*v),
            Tree::Str(v) => s.serialize_str(v),
            Tree::Bytes(v) => s.serialize_bytes(v),
            Tree::None => s.serialize_none(),
            Tree::Some(v) => s.serialize_some(&**v),
            Tree::Unit => s.serialize_unit(),
            Tree::UnitStruct(name) => s.serialize_unit_struct(name),
            Tree::UnitVariant(Variant(name, index, variant)) => {
                s.serialize_unit_variant(name, *index, variant)
            }
            Tree::NewtypeStruct(name, v) => s.serialize_newtype_struct(name, &**v),
            Tree::NewtypeVariant(Variant(name, index, variant), v) => {
                s.serialize_newtype_variant(name, *index, variant, &**v)
            }
            Tree::Seq(len, items) => {
                let mut seq = s.serialize_seq(*len)?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Tree::Tuple(len, items) => {
                let mut tuple = s.serialize_tuple(*len)?;
                for item in items {
                    tuple.serialize_element(item)?;
                }
                tuple.end()
            }
            Tree::TupleStruct(name, len, items) => {
                let mut tuple = s.serialize_tuple_struct(name, *len)?;
                for item in items {
                    tuple.serialize_field(item)?;
                }
                tuple.end()
            }
            Tree::TupleVariant(Variant(name, index, variant), len, items) => {
                let mut tuple = s.serialize_tuple_variant(name, *index, variant, *len)?;
                for item in items {
                    tuple.serialize_field(item)?;
                }
                tuple.end()
            }
            Tree::Map(len, items) => {
                let mut map = s.serialize_map(*len)?;
                for item in items {
                    match item {
                        MapItem::Key(k) => map.serialize_key(k)?,
                        MapItem::Value(v) => map.serialize_value(v)?,
                    }
                }
                map.end()
            }
            Tree::Struct(name, len, fields) => {
                let mut st = s.serialize_struct(name, *len)?;
                for Field(key, value) in fields {
                    match value {
                        Some(v) => st.serialize_field(key, v)?,
                        None => st.skip_field(key)?,
                    }
                }
                st.end()
            }
            Tree::StructVariant(Variant(name, index, variant), len, fields) => {
                let mut st = s.serialize_struct_variant(name, *index, variant, *len)?;
                for Field(key, value) in fields {
                    match value {
                        Some(v) => st.serialize_field(key, v)?,
                        None => st.skip_field(key)?,
                    }
                }
                st.end()
            }
        }
    }
}
