//! Tests of the instruction planner, on synthetic snapshots built with [`builder::Page`].

mod affixes;
mod booking;
mod builder;
mod catalogue;
mod classes;
mod feeds;
mod fields;
mod flow;
mod kinds;
mod likeness;
mod menus;
mod offers;
mod paging;
mod parsing;
mod people;
mod phrasings;
mod popup;
mod records;
mod resolving;
mod several_options;
mod sign_in_sender;
mod slider;
mod steps;
mod sweeps;
mod with_choice;
mod words;
