// The message box and the controls around it: sending a message (Enter or Send; Shift+Enter for
// a new line), Stop, Take over, the Agent/Chat switch and the Reasoning switch. A setting changes
// on screen only once its frame was sent.

import { byId } from "./render.js";

/**
 * Wires the composer. `send(frame)` sends a client frame (false when offline); `onSent(text)`
 * is called after a message was sent, to show it in the conversation.
 */
export function createComposer({ send, onSent }) {
  const form = byId("composer-form");
  const input = byId("composer-input");
  const sendButton = byId("send");
  const cancel = byId("cancel");
  const takeover = byId("takeover");
  const mode = byId("mode-toggle");
  const reasoning = byId("reasoning-toggle");
  const settings = { mode: "agent", reasoning: false };

  /** Shows the mode (`agent` | `chat`) and reasoning setting; other values leave one as it is. */
  function setMode(newMode, newReasoning) {
    if (newMode === "agent" || newMode === "chat") {
      settings.mode = newMode;
    }
    if (typeof newReasoning === "boolean") {
      settings.reasoning = newReasoning;
    }
    mode.dataset.mode = settings.mode;
    const other = settings.mode === "agent" ? "chat" : "agent";
    mode.setAttribute("aria-label", `Mode: ${settings.mode}. Switch to ${other} mode`);
    mode.title = `Mode: ${settings.mode} (click for ${other})`;
    reasoning.checked = settings.reasoning;
    input.placeholder =
      settings.mode === "agent" ? "Tell Tandem what to do…" : "Chat with Tandem (no browsing)…";
  }

  function submit() {
    const text = input.value.trim();
    if (!text) {
      input.focus();
      return;
    }
    if (send({ type: "user_message", text })) {
      onSent(text);
      input.value = "";
    }
    input.focus();
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });

  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing && !event.repeat) {
      event.preventDefault();
      submit();
    }
  });

  cancel.addEventListener("click", () => {
    send({ type: "cancel" });
  });

  takeover.addEventListener("click", () => {
    send({ type: "takeover" });
  });

  mode.addEventListener("click", () => {
    const next = settings.mode === "agent" ? "chat" : "agent";
    if (send({ type: "set_mode", mode: next })) {
      setMode(next, undefined);
    }
  });

  reasoning.addEventListener("change", () => {
    const wanted = reasoning.checked;
    if (send({ type: "set_mode", reasoning: wanted })) {
      setMode(undefined, wanted);
    } else {
      reasoning.checked = settings.reasoning;
    }
  });

  return {
    setMode,
    /**
     * Enables the controls while `connected`; Stop shows only while a run is `active`, and Take
     * over hides while a takeover banner (`manualPending`) has its own hand-back. (The live view
     * hides Take over during a takeover.)
     */
    refresh({ connected, active, manualPending }) {
      cancel.hidden = !active;
      takeover.hidden = manualPending;
      sendButton.disabled = !connected;
      mode.disabled = !connected;
      reasoning.disabled = !connected;
      cancel.disabled = !connected;
      takeover.disabled = !connected;
    },
    /** Puts the focus back in the message box. */
    focus() {
      input.focus();
    },
  };
}
