fn main() {
    println!("ddbx: headless commands arrive with the CLI; see README.md");
}
