  // page_script/02-registry.js — Element ids. eidFor(node) gives a node its `e<N>` once and forever;
  // resolve(eid) returns the live node or a failure object (unknown | stale); fail(error, message)
  // builds the `{ok:false, error, message}` value every API function returns on failure.
  // (A fragment: the files of page_script/ are concatenated in name order into one script.)

  // ---- element id registry -------------------------------------------------------------------
  const nodeToEid = new WeakMap();
  const eidToRef = new Map();
  let issued = 0;

  function eidFor(node) {
    let eid = nodeToEid.get(node);
    if (eid === undefined) {
      issued += 1;
      eid = 'e' + issued;
      nodeToEid.set(node, eid);
      eidToRef.set(eid, new WeakRef(node));
      if (eidToRef.size > 50000) pruneRegistry();
    }
    return eid;
  }

  function pruneRegistry() {
    for (const [eid, ref] of eidToRef) {
      const node = ref.deref();
      if (!node || !node.isConnected) eidToRef.delete(eid);
    }
  }

  function fail(error, message) {
    return { ok: false, error, message };
  }

  // Resolves an eid to its live node, or returns a failure object.
  function resolve(eid) {
    if (typeof eid !== 'string') return fail('bad_args', 'eid must be a string like "e12"');
    const m = /^e(\d+)$/.exec(eid);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > issued) {
      return fail('unknown', `element ${eid} was never in this page (take a new snapshot)`);
    }
    const ref = eidToRef.get(eid);
    const node = ref && ref.deref();
    if (!node || !node.isConnected) {
      return fail('stale', `element ${eid} is no longer in the page`);
    }
    return node;
  }

