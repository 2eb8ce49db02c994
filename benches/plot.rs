//! Drawing: the classic board's pictures from an exact analysis and from a
//! simulation report, a 10-agent results matrix, and the HTML page.
//!
//! Run with `cargo bench --bench plot`; the figures are in the book's
//! "Performance" chapter.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::picture::chart::Matrix;
use tabula::plot::draw_all;
use tabula::plot::html::Page;
use tabula::sim::Simulation;
use tabula::snakes::pictures as snakes;
use tabula::snakes::{AnalysisOptions, Board, ReportOptions, Setup};

fn pictures(c: &mut Criterion) {
    let setup = Setup::new(Board::classic(), None, 2).expect("classic");
    let analysis = setup.analyze(&AnalysisOptions::default()).expect("solves");
    let sim = Simulation::new(100_000).with_seed(1);
    let report = setup
        .simulate(&sim, &ReportOptions { dice_rolls: 0 }, &|_| {})
        .expect("runs");
    let mut group = c.benchmark_group("plot");
    group.bench_function("classic_analysis_pictures", |b| {
        b.iter(|| {
            draw_all(&snakes::analysis_pictures(
                black_box(&analysis),
                &setup.board,
            ))
        })
    });
    group.bench_function("classic_report_pictures", |b| {
        b.iter(|| draw_all(&snakes::report_pictures(black_box(&report), &setup.board)))
    });
    let names: Vec<String> = (0..10).map(|i| format!("agent-{i}")).collect();
    let pairs: Vec<(String, String)> = (0..10)
        .flat_map(|i| (i + 1..10).map(move |j| (format!("agent-{i}"), format!("agent-{j}"))))
        .collect();
    group.bench_function("matrix_10_agents", |b| {
        b.iter(|| {
            let picture = Matrix::from_pairs(
                names.clone(),
                pairs.iter().map(|(a, b)| (a.as_str(), b.as_str(), 6, 3, 1)),
            )
            .picture("results", "ten agents");
            tabula::plot::draw(&picture)
        })
    });
    let drawn = draw_all(&snakes::report_pictures(&report, &setup.board)).expect("draws");
    let text = report.to_text();
    group.bench_function("html_page", |b| {
        b.iter(|| {
            Page {
                title: "classic",
                command: "tabula simulate snakes --report r.html",
                text: &text,
                pictures: black_box(&drawn),
            }
            .to_html()
        })
    });
    group.finish();
}

criterion_group!(benches, pictures);
criterion_main!(benches);
