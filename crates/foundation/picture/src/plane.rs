//! Paths in the plane at one scale on both axes, as data: boats around
//! marks, tokens over a map. Each [`Track`] is a polyline with optional
//! markers along it (where a boat tacked); [`Place`]s are labelled points
//! with a circle of a given radius (a mark and the distance within which
//! it counts as passed); an [`Arrow`] shows a direction (the wind).
//!
//! ```
//! use tabula_picture::plane::{Arrow, Place, Plane, Track};
//!
//! let plane = Plane {
//!     tracks: vec![Track {
//!         label: "boat".into(),
//!         points: vec![(0.0, 0.0), (50.0, 80.0), (0.0, 160.0)],
//!         markers: vec![(50.0, 80.0)],
//!     }],
//!     places: vec![Place { label: "1".into(), at: (0.0, 160.0), radius: 10.0 }],
//!     arrow: Some(Arrow { label: "wind".into(), bearing: std::f64::consts::PI }),
//!     markers_label: "tacks".into(),
//! };
//! let picture = plane.picture("paths", "two boats", 640);
//! assert_eq!(picture.file_name(), "paths.svg");
//! ```

use serde::{Deserialize, Serialize};

use crate::{Drawing, Picture};

/// A path: the points in order, and markers along it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Track {
    /// The legend's name for it.
    pub label: String,
    /// The points `(x, y)`, joined in order.
    pub points: Vec<(f64, f64)>,
    /// Points to mark on it (drawn as small crosses).
    pub markers: Vec<(f64, f64)>,
}

/// A labelled point with a circle around it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Place {
    /// The label written beside it.
    pub label: String,
    /// Where.
    pub at: (f64, f64),
    /// The circle's radius, in the plane's units (0 for none).
    pub radius: f64,
}

/// A direction shown in the top left corner.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Arrow {
    /// The label under the arrow.
    pub label: String,
    /// The direction it points, as a bearing in radians: 0 towards +y
    /// (up), π/2 towards +x (right).
    pub bearing: f64,
}

/// Tracks, places and an arrow on one square chart.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Plane {
    /// The paths.
    pub tracks: Vec<Track>,
    /// The labelled points.
    pub places: Vec<Place>,
    /// A direction to show, if any.
    pub arrow: Option<Arrow>,
    /// What the tracks' markers stand for, in the legend ("tacks").
    pub markers_label: String,
}

impl Plane {
    /// The picture `name` of the plane under `title`: a square `size`
    /// pixels wide (plus the caption), x to the right and y up, one scale
    /// for both. The drawing refuses a plane of no points ("no points").
    pub fn picture(self, name: &str, title: &str, size: u32) -> Picture {
        Picture {
            name: name.into(),
            title: title.into(),
            drawing: Drawing::Plane { plane: self, size },
        }
    }
}
