//! Tests of the instruction planner, on synthetic snapshots built with [`builder::Page`].

mod builder;
mod classes;
mod flow;
mod parsing;
mod people;
mod phrasings;
mod resolving;
mod steps;
mod sweeps;
mod words;
