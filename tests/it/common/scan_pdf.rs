//! PDFs as a scanner writes them (one picture on each page), built with
//! lopdf, for the reader's tests: shared by the integration tests and the
//! sheets crate's own (`read::pdf_tests` includes this file), so the
//! fixture has one home.

use lopdf::{Document, Object, Stream, dictionary};

/// A PDF of one A4 page for each picture stream given (`None`: a page
/// with only a line drawn).
pub fn pdf_of(images: Vec<Option<Stream>>) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let mut kids = Vec::new();
    for image in images {
        let (resources, content) = match image {
            Some(stream) => {
                let id = doc.add_object(stream);
                (
                    dictionary! {"XObject" => dictionary! {"Im0" => id}},
                    b"q 595 0 0 842 0 0 cm /Im0 Do Q".to_vec(),
                )
            }
            None => (dictionary! {}, b"0 0 m 100 100 l S".to_vec()),
        };
        let content_id = doc.add_object(Stream::new(dictionary! {}, content));
        let page = doc.add_object(dictionary! {
            "Type" => "Page", "Parent" => pages_id,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
            "Contents" => content_id, "Resources" => resources,
        });
        kids.push(Object::Reference(page));
    }
    let count = kids.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => count}),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}
