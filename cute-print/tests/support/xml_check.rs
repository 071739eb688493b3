//! A small, strict XML well-formedness checker for the picture tests (no
//! dependency): balanced tags, one root, quoted and unique attributes, `<` never
//! in text or attribute values, and `&` only as a known entity or character
//! reference. Returns every element with its attributes and direct text.
#![allow(dead_code)]

#[derive(Debug)]
pub struct Element {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    pub text: String,
    pub parent: Option<usize>,
}

impl Element {
    pub fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// Parses `doc`; `Err` says what is malformed and where.
pub fn parse(doc: &str) -> Result<Vec<Element>, String> {
    let b = doc.as_bytes();
    let mut i = 0;
    let mut elements: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut roots = 0;
    while i < b.len() {
        if b[i] != b'<' {
            let end = doc[i..].find('<').map_or(b.len(), |k| i + k);
            let text = &doc[i..end];
            check_text(text, i)?;
            match open.last() {
                Some(&e) => elements[e].text.push_str(&unescape(text)),
                None if text.trim().is_empty() => {}
                None => return Err(format!("text outside the root at byte {i}")),
            }
            i = end;
            continue;
        }
        if doc[i..].starts_with("<!--") {
            let end = doc[i..]
                .find("-->")
                .ok_or(format!("unclosed comment at {i}"))?;
            i += end + 3;
            continue;
        }
        if doc[i..].starts_with("<?xml") {
            if i != 0 {
                return Err("XML declaration not at the start".into());
            }
            i += doc[i..].find("?>").ok_or("unclosed declaration")? + 2;
            continue;
        }
        if doc[i..].starts_with("</") {
            let end = i + doc[i..]
                .find('>')
                .ok_or(format!("unclosed end tag at {i}"))?;
            let name = doc[i + 2..end].trim();
            let top = open
                .pop()
                .ok_or(format!("</{name}> with nothing open at {i}"))?;
            if elements[top].name != name {
                return Err(format!(
                    "</{name}> closes <{}> at byte {i}",
                    elements[top].name
                ));
            }
            i = end + 1;
            continue;
        }
        // A start tag.
        let (element, self_closing, next) = start_tag(doc, i, open.last().copied())?;
        if open.is_empty() {
            roots += 1;
            if roots > 1 {
                return Err(format!("a second root element at byte {i}"));
            }
        }
        elements.push(element);
        if !self_closing {
            open.push(elements.len() - 1);
        }
        i = next;
    }
    if let Some(&e) = open.last() {
        return Err(format!("<{}> is never closed", elements[e].name));
    }
    if roots != 1 {
        return Err("no root element".into());
    }
    Ok(elements)
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'_' | b':' | b'.')
}

fn start_tag(
    doc: &str,
    at: usize,
    parent: Option<usize>,
) -> Result<(Element, bool, usize), String> {
    let b = doc.as_bytes();
    let mut i = at + 1;
    let name_start = i;
    while i < b.len() && is_name_char(b[i]) {
        i += 1;
    }
    if i == name_start || !b[name_start].is_ascii_alphabetic() {
        return Err(format!("bad tag name at byte {at}"));
    }
    let name = doc[name_start..i].to_string();
    let mut attrs: Vec<(String, String)> = Vec::new();
    loop {
        let ws = i;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        match b.get(i) {
            None => return Err(format!("unclosed <{name}>")),
            Some(b'>') => return Ok((element(name, attrs, parent), false, i + 1)),
            Some(b'/') if b.get(i + 1) == Some(&b'>') => {
                return Ok((element(name, attrs, parent), true, i + 2))
            }
            _ if ws == i => {
                return Err(format!(
                    "attributes of <{name}> need spaces between them (byte {i})"
                ))
            }
            _ => {}
        }
        let key_start = i;
        while i < b.len() && is_name_char(b[i]) {
            i += 1;
        }
        if i == key_start || b.get(i) != Some(&b'=') {
            return Err(format!("bad attribute in <{name}> at byte {i}"));
        }
        let key = doc[key_start..i].to_string();
        let quote = *b.get(i + 1).ok_or("unexpected end")?;
        if quote != b'"' && quote != b'\'' {
            return Err(format!("unquoted attribute {key} in <{name}>"));
        }
        let value_start = i + 2;
        let value_end = value_start
            + doc[value_start..]
                .find(quote as char)
                .ok_or(format!("unclosed attribute {key}"))?;
        let value = &doc[value_start..value_end];
        if value.contains('<') {
            return Err(format!("'<' in attribute {key} of <{name}>"));
        }
        check_text(value, value_start)?;
        if attrs.iter().any(|(k, _)| *k == key) {
            return Err(format!("duplicate attribute {key} in <{name}>"));
        }
        attrs.push((key, unescape(value)));
        i = value_end + 1;
    }
}

fn element(name: String, attrs: Vec<(String, String)>, parent: Option<usize>) -> Element {
    Element {
        name,
        attrs,
        text: String::new(),
        parent,
    }
}

fn check_text(text: &str, at: usize) -> Result<(), String> {
    let mut rest = text;
    while let Some(k) = rest.find('&') {
        let after = &rest[k + 1..];
        let end = after.find(';').ok_or(format!("bare '&' near byte {at}"))?;
        let entity = &after[..end];
        let ok = matches!(entity, "lt" | "gt" | "amp" | "quot" | "apos")
            || (entity.starts_with('#')
                && entity[1..].chars().all(|c| c.is_ascii_digit())
                && end > 1);
        if !ok {
            return Err(format!("unknown entity &{entity}; near byte {at}"));
        }
        rest = &after[end + 1..];
    }
    Ok(())
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[test]
fn the_checker_rejects_malformed_documents() {
    assert!(parse("<svg><g></svg>").is_err());
    assert!(parse("<svg><text>a < b</text></svg>").is_err());
    assert!(parse("<svg><text>Sw&lt;1&gt; & x</text></svg>").is_err());
    assert!(parse("<svg a=\"1\" a=\"2\"/>").is_err());
    assert!(parse("<svg a=1/>").is_err());
    assert!(parse("<svg/><svg/>").is_err());
    assert!(parse("<svg>").is_err());
    let ok = parse("<svg x=\"1\"><text>Sw&lt;1,0,1&gt;</text><g/></svg>").unwrap();
    assert_eq!(ok.len(), 3);
    assert_eq!(ok[1].text, "Sw<1,0,1>");
}
