//! Text blocks carry their left edge and width, so a reading of the page can tell the columns
//! of a grid apart (real headless Chromium, typed MCP client).

use tandem_mcp_browser::server::params::{NavigateParams, ObserveParams};
use tandem_tests::{FixtureSite, TestBrowser};

#[tokio::test]
async fn texts_of_a_grid_carry_the_column_they_are_in() {
    let site = FixtureSite::start().await.unwrap();
    let browser = TestBrowser::start().await.unwrap();
    let client = &browser.client;
    client
        .invoke(&NavigateParams {
            url: site.url("/instructions/shelves.html").to_string(),
        })
        .await
        .unwrap();
    let page = client.invoke(&ObserveParams::compact(None)).await.unwrap();
    let snapshot = &page.observation.snapshot;
    let text = |body: &str| {
        snapshot
            .texts
            .iter()
            .find(|t| t.text == body)
            .unwrap_or_else(|| panic!("no text {body:?} in {:?}", snapshot.texts))
    };
    let buttons: Vec<_> = snapshot
        .elements
        .iter()
        .filter(|e| e.name == "Add to basket")
        .collect();
    assert_eq!(buttons.len(), 6);
    // Each title's middle lies over its own card's button, and not over another's.
    for (title, card) in [
        ("Oak Shelf", 0),
        ("Salt and Pepper Mills", 1),
        ("Wool Rug", 5),
    ] {
        let t = text(title);
        assert!(t.w > 0.0, "{title}: {t:?}");
        let middle = t.x + t.w / 2.0;
        let over: Vec<usize> = buttons
            .iter()
            .enumerate()
            .filter(|(_, b)| {
                (b.rect.x - 12.0..b.rect.x + 232.0).contains(&middle)
                    && b.rect.y > t.y
                    && b.rect.y - t.y < 120.0
            })
            .map(|(i, _)| i)
            .collect();
        assert_eq!(over, [card], "{title}: {t:?}");
    }
    // The columns differ: the grid is three cards wide.
    assert!(text("Oak Shelf").x < text("Salt and Pepper Mills").x);
    assert!(text("Salt and Pepper Mills").x < text("Linen Throw").x);
    assert!((text("Oak Shelf").x - text("Teak Tray").x).abs() < 1.0);
    browser.shutdown().await;
}
