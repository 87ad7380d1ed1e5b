//! Tests of the node names.

use strum::VariantArray;

use super::NodeId;
use crate::graph::NodeName;

#[test]
fn every_node_is_named_as_serde_writes_it() {
    for node in NodeId::VARIANTS {
        let json = serde_json::to_value(node).unwrap();
        assert_eq!(json, node.name(), "{node:?}");
    }
    assert_eq!(NodeId::PlanAction.name(), "plan_action");
    assert_eq!(NodeId::MaybeStopOrContinue.name(), "maybe_stop_or_continue");
}
