use super::strip_fence;

#[test]
fn fences_are_stripped() {
    assert_eq!(strip_fence("```html\n<p>x</p>\n```"), "<p>x</p>");
    assert_eq!(strip_fence("  <p>x</p> "), "<p>x</p>");
}
