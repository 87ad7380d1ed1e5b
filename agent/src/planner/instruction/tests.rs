//! Tests of the instruction planner, on synthetic snapshots built with [`builder::Page`].

mod builder;
mod classes;
mod fields;
mod flow;
mod kinds;
mod parsing;
mod people;
mod phrasings;
mod resolving;
mod several_options;
mod sign_in_sender;
mod steps;
mod sweeps;
mod words;
