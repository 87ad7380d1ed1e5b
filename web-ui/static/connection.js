// The page's link to the daemon as the person sees it: the launch token starts a protocol.js
// Connection, the header shows its state (connecting, reconnecting with a "Retry now"), frames are
// sent only while connected (otherwise an error notice says so), and a missing or refused token
// replaces the app with the explanation of how to open it.

import { showError } from "./notices.js";
import { Connection, forgetToken, takeLaunchToken } from "./protocol.js";
import { byId } from "./render.js";

/**
 * Creates the link. `onMessage(msg)` gets every server frame; `onChange()` is called whenever
 * the connected state changes. Nothing is opened before `start()`.
 */
export function createLink({ onMessage, onChange }) {
  const indicator = byId("conn");
  const indicatorText = byId("conn-text");
  const retry = byId("conn-retry");
  let connection = null;
  let connected = false;

  /** Replaces the app with the explanation of how to open it (`text`: why, or null for the default). */
  function showTokenProblem(text) {
    if (text) {
      byId("no-token-text").textContent = text;
    }
    byId("no-token").hidden = false;
    byId("layout").hidden = true;
    document.querySelector(".controls")?.setAttribute("hidden", "");
    document.querySelector(".run-status")?.setAttribute("hidden", "");
  }

  function setState(kind, detail) {
    if (kind === "open") {
      connected = true;
      indicator.hidden = true;
    } else {
      connected = false;
      indicator.hidden = false;
      indicator.dataset.state = kind;
      if (kind === "connecting") {
        indicatorText.textContent = "connecting…";
        retry.hidden = true;
      } else if (kind === "reconnecting") {
        const secs = Math.ceil((detail.delayMs || 0) / 1000);
        indicatorText.textContent = secs > 1 ? `reconnecting in ${secs} s…` : "reconnecting…";
        retry.hidden = secs <= 1;
      } else if (kind === "unauthorized") {
        forgetToken();
        showTokenProblem(
          "Tandem refused this page's launch token. The daemon was probably restarted, which makes a new token.",
        );
      }
    }
    onChange();
  }

  retry.addEventListener("click", () => {
    connection?.retryNow();
  });

  return {
    /** True while the session is attached and frames can be sent. */
    connected: () => connected,
    /** Sends a client frame; when offline shows a notice instead and returns false. */
    send(frame) {
      if (!connection || !connected || !connection.send(frame)) {
        showError("not_connected", "Not connected to Tandem right now, so this was not sent. Try again once reconnected.");
        return false;
      }
      return true;
    },
    /** Connects with the launch token, or explains how to open the page when there is none. */
    start() {
      const token = takeLaunchToken();
      if (!token) {
        showTokenProblem(null);
        return;
      }
      connection = new Connection(token, { onMessage, onState: setState });
      connection.start();
    },
  };
}
