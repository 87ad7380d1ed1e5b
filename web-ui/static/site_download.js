// "Download the site": the project's site as a zip the daemon builds from its files (pages,
// design system, images, an index.html that opens the home page; it opens from disk). Fetched
// from `GET /api/projects/{id}/site.zip` with the launch token as a bearer token (same origin;
// a generated page never has the token), then saved by the browser as a file.

import { el } from "./render.js";
import { launchToken } from "./protocol.js";
import { showError } from "./notices.js";

/** The file name for a project named `name`: `my-cafe-site.zip`. */
export function archiveName(name) {
  const slug = String(name || "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "tandem"}-site.zip`;
}

/** Downloads the site of project `projectId` (named `name`); a failure is shown as a notice. */
export async function downloadSite(projectId, name) {
  let response;
  try {
    response = await fetch(`/api/projects/${encodeURIComponent(projectId)}/site.zip`, {
      headers: { Authorization: `Bearer ${launchToken() || ""}` },
      cache: "no-store",
    });
  } catch {
    showError("download_failed", "The site could not be downloaded: Tandem did not answer.");
    return;
  }
  if (!response.ok) {
    const reason = (await response.text()).slice(0, 200);
    showError("download_failed", `The site could not be downloaded: ${reason}`);
    return;
  }
  const url = URL.createObjectURL(await response.blob());
  const link = el("a", { attrs: { href: url, download: archiveName(name), hidden: "" } });
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click returns; the blob is let go a while later.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
