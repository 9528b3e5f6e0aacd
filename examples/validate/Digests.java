import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Random;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Cryptographic hashing and encryption, single thread: 30,000 seeded messages of 64 bytes to 8 KB,
 * each hashed with {@code MessageDigest} SHA-256 and MD5, authenticated with a {@code Mac} (HmacSHA256),
 * encrypted and decrypted with {@code javax.crypto.Cipher} AES/GCM (a fresh 12-byte IV each), the tag
 * written as {@code HexFormat} hex and the ciphertext as {@code Base64}, named by
 * {@code UUID.nameUUIDFromBytes}; the engines are looked up again ({@code getInstance}: the security
 * providers' services, found by reflection) every 500 messages, the key every 5,000. The last 1,500
 * sealed messages are kept in a ring. ~375 MB.
 */
public class Digests {
    record Sealed(UUID id, String tag, String body, byte[] iv) {
    }

    public static void main(String[] args) throws GeneralSecurityException {
        Random random = new Random(907);
        HexFormat hex = HexFormat.of();
        Base64.Encoder encoder = Base64.getEncoder();
        Base64.Decoder decoder = Base64.getDecoder();
        ArrayDeque<Sealed> ring = new ArrayDeque<>();
        MessageDigest sha = null;
        MessageDigest md5 = null;
        Mac mac = null;
        Cipher encrypt = null;
        Cipher decrypt = null;
        SecretKeySpec key = null;
        long check = 0;
        for (int m = 0; m < 30_000; m++) {
            if (m % 5_000 == 0) {
                byte[] keyBytes = new byte[16];
                random.nextBytes(keyBytes);
                key = new SecretKeySpec(keyBytes, "AES");
            }
            if (m % 500 == 0) {
                sha = MessageDigest.getInstance("SHA-256");
                md5 = MessageDigest.getInstance("MD5");
                mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(key.getEncoded(), "HmacSHA256"));
                encrypt = Cipher.getInstance("AES/GCM/NoPadding");
                decrypt = Cipher.getInstance("AES/GCM/NoPadding");
            }
            byte[] message = new byte[64 + random.nextInt(random.nextInt(8) == 0 ? 8_128 : 1_024)];
            random.nextBytes(message);
            byte[] iv = new byte[12];
            random.nextBytes(iv);
            byte[] digest = sha.digest(message);
            byte[] name = md5.digest(digest);
            byte[] tag = mac.doFinal(message);
            encrypt.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
            encrypt.updateAAD(name);
            byte[] ciphertext = encrypt.doFinal(message);
            decrypt.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, iv));
            decrypt.updateAAD(name);
            String body = encoder.encodeToString(ciphertext);
            byte[] plain = decrypt.doFinal(decoder.decode(body));
            if (!Arrays.equals(plain, message)) {
                throw new AssertionError("message " + m + " did not decrypt to itself");
            }
            String tagHex = hex.formatHex(tag);
            check += hex.parseHex(tagHex)[3] + tagHex.length() + body.length() % 13;
            Sealed sealed = new Sealed(UUID.nameUUIDFromBytes(digest), tagHex, body, iv);
            check += sealed.id().toString().getBytes(StandardCharsets.US_ASCII)[0];
            ring.addLast(sealed);
            if (ring.size() > 1_500) {
                ring.removeFirst();
            }
        }
        long kept = 0;
        for (Sealed s : ring) {
            kept += s.body().length();
        }
        System.err.println("Digests: check " + check + ", kept " + kept);
    }
}
