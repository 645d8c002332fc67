import Foundation

/// Turns the SVG this project draws into PNG bytes through librsvg and cairo, the libraries
/// `rsvg-convert` uses. They are loaded with `dlopen` only when a PNG is asked for, so building
/// git-heatmap and every other format need nothing more than libgit2. Text is set by Pango and
/// fontconfig, with the font the SVG names (Arial, or Liberation Sans in its place).
public enum PNGRasterizer {
  /// Why no PNG was made, in words for the user.
  public struct Failure: Error, Equatable {
    /// What went wrong, in words for the user.
    public var message: String
  }

  /// Where the libraries come from on Debian and Ubuntu.
  static let package = "librsvg2-2"

  /// The PNG of `svg`, whose canvas is `width` by `height` pixels, drawn at `scale` (2 for
  /// screens with twice the pixels). Throws when librsvg is missing or cannot draw it.
  /// `libraryName` replaces librsvg's file name (to test what happens without it).
  public static func png(
    svg: String, width: Double, height: Double, scale: Double, libraryName: String? = nil
  ) throws(Failure) -> [UInt8] {
    let library: Library
    if let libraryName {
      library = try Library.make(rsvg: libraryName).get()
    } else {
      library = try Library.load()
    }
    let pixelWidth = Int32((width * scale).rounded(.up))
    let pixelHeight = Int32((height * scale).rounded(.up))
    guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 32_767, pixelHeight <= 32_767 else {
      throw Failure(message: Words.tooLarge(width: pixelWidth, height: pixelHeight))
    }
    var bytes = Array(svg.utf8)
    var error: UnsafeMutableRawPointer?
    guard let handle = library.newFromData(&bytes, bytes.count, &error) else {
      throw Failure(message: Words.unreadableSVG(library.message(of: error)))
    }
    defer { library.unref(UnsafeMutableRawPointer(handle)) }
    let surface = library.imageSurfaceCreate(0, pixelWidth, pixelHeight)  // CAIRO_FORMAT_ARGB32
    defer { library.surfaceDestroy(surface) }
    guard library.surfaceStatus(surface) == 0, let context = library.create(surface) else {
      throw Failure(message: Words.noSurface(width: pixelWidth, height: pixelHeight))
    }
    defer { library.destroy(context) }
    library.scale(context, scale, scale)
    var viewport = (0.0, 0.0, width, height)
    let drawn = withUnsafePointer(to: &viewport) { rectangle in
      library.renderDocument(handle, context, UnsafeRawPointer(rectangle), &error)
    }
    guard drawn != 0 else {
      throw Failure(message: Words.undrawableSVG(library.message(of: error)))
    }
    library.surfaceFlush(surface)
    let collected = Collected()
    let status = library.writeToPNGStream(
      surface,
      { closure, data, length in
        guard let closure, let data else { return 11 }  // CAIRO_STATUS_WRITE_ERROR
        let collected = Unmanaged<Collected>.fromOpaque(closure).takeUnretainedValue()
        collected.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return 0
      }, Unmanaged.passUnretained(collected).toOpaque())
    guard status == 0 else { throw Failure(message: Words.unencodable) }
    return collected.bytes
  }

  private final class Collected {
    var bytes: [UInt8] = []
  }

  /// The functions used, looked up once.
  private struct Library: Sendable {
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    typealias NewFromData = @convention(c) (UnsafePointer<UInt8>?, Int, ErrorOut) -> OpaquePointer?
    typealias RenderDocument =
      @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, ErrorOut) -> Int32
    typealias SurfaceCreate = @convention(c) (Int32, Int32, Int32) -> OpaquePointer?
    typealias Status = @convention(c) (OpaquePointer?) -> Int32
    typealias Release = @convention(c) (OpaquePointer?) -> Void
    typealias Create = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias Scale = @convention(c) (OpaquePointer?, Double, Double) -> Void
    typealias Free = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias WriteFunction =
      @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UInt32) -> Int32
    typealias WriteToPNGStream =
      @convention(c) (OpaquePointer?, WriteFunction, UnsafeMutableRawPointer?) -> Int32

    let newFromData: NewFromData
    let renderDocument: RenderDocument
    let unref: Free
    let errorFree: Free
    let imageSurfaceCreate: SurfaceCreate
    let surfaceStatus: Status
    let surfaceFlush: Release
    let surfaceDestroy: Release
    let create: Create
    let destroy: Release
    let scale: Scale
    let writeToPNGStream: WriteToPNGStream

    private static let loaded = make(rsvg: "librsvg-2.so.2")

    static func make(rsvg: String) -> Result<Library, Failure> {
      let names = [rsvg, "libcairo.so.2", "libgobject-2.0.so.0", "libglib-2.0.so.0"]
      var handles: [UnsafeMutableRawPointer] = []
      for name in names {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
          return .failure(
            Failure(
              message:
                Words.noLibrsvg(missing: name, package: PNGRasterizer.package)))
        }
        handles.append(handle)
      }
      func symbol<T>(_ library: Int, _ name: String, as type: T.Type) -> T? {
        dlsym(handles[library], name).map { unsafeBitCast($0, to: type) }
      }
      guard
        let newFromData = symbol(0, "rsvg_handle_new_from_data", as: NewFromData.self),
        let renderDocument = symbol(0, "rsvg_handle_render_document", as: RenderDocument.self),
        let imageSurfaceCreate = symbol(1, "cairo_image_surface_create", as: SurfaceCreate.self),
        let surfaceStatus = symbol(1, "cairo_surface_status", as: Status.self),
        let surfaceFlush = symbol(1, "cairo_surface_flush", as: Release.self),
        let surfaceDestroy = symbol(1, "cairo_surface_destroy", as: Release.self),
        let create = symbol(1, "cairo_create", as: Create.self),
        let destroy = symbol(1, "cairo_destroy", as: Release.self),
        let scale = symbol(1, "cairo_scale", as: Scale.self),
        let writeToPNGStream = symbol(
          1, "cairo_surface_write_to_png_stream", as: WriteToPNGStream.self),
        let unref = symbol(2, "g_object_unref", as: Free.self),
        let errorFree = symbol(3, "g_error_free", as: Free.self)
      else {
        return .failure(
          Failure(
            message:
              Words.oldLibrsvg(package: PNGRasterizer.package)))
      }
      return .success(
        Library(
          newFromData: newFromData, renderDocument: renderDocument, unref: unref,
          errorFree: errorFree, imageSurfaceCreate: imageSurfaceCreate,
          surfaceStatus: surfaceStatus, surfaceFlush: surfaceFlush,
          surfaceDestroy: surfaceDestroy, create: create, destroy: destroy, scale: scale,
          writeToPNGStream: writeToPNGStream))
    }

    static func load() throws(Failure) -> Library {
      try loaded.get()
    }

    /// A `GError`'s message (after its domain and code), freed.
    func message(of error: UnsafeMutableRawPointer?) -> String {
      guard let error else { return "unknown error" }
      defer { errorFree(error) }
      guard let text = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self) else {
        return "unknown error"
      }
      return String(cString: text)
    }
  }
}
