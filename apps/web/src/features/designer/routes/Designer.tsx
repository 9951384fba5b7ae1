export default function Designer() {
  return (
    <main className="page" id="main">
      <h1>Designer</h1>
    </main>
  );
}
