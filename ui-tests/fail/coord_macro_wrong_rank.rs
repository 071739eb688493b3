// Rule: a coordinate is an integer or has the shape's rank (coord! against layout!).
fn main() -> Result<(), cute::Error> {
    let (m, n) = (4, 8);
    let l = cute::layout!(({m},{n}):({n},1))?;
    let (i, j) = (1, 2);
    let _ = l.eval(cute::coord!((({i},{j}),0)));
    Ok(())
}
